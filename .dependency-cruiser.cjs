// Import circles are errors: `npm run lint` runs this (docs/decisions/0052-import-circles-checked.md).
// dependency-cruiser reads TypeScript through Babel here, since it cannot drive TypeScript 7;
// the Babel set-up keeps type-only imports, so that they count as edges too.
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module must not reach itself through its imports, type-only ones included.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    babelConfig: { fileName: ".dependency-cruiser.babel.cjs" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    // For the "~/" paths only. dependency-cruiser warns "missing-typescript-transpiler" with it,
    // as it finds no TypeScript below 7; Babel does that work here.
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
