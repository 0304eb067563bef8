// Import circles are errors: `npm run lint` runs this (docs/decisions/0052-import-circles-checked.md),
// and so are folder loops in app/server and routes that pass a domain's front door (0083).
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
    {
      name: "domain-folders-acyclic",
      severity: "error",
      comment:
        "No two folders of app/server reach each other, directly or round a longer loop " +
        "(docs/decisions/0083-domain-front-doors.md). Move the shared piece down (platform/, config/, db/) " +
        "or make the lower folder a registry the higher ones add themselves to at start (runtime/registries.server.ts).",
      scope: "folder",
      from: { path: "^app/server/[^/]+$" },
      to: { path: "^app/server/[^/]+", circular: true },
    },
    {
      name: "routes-use-front-doors",
      severity: "error",
      comment:
        "Routes, components, route-support, app/config and app/*.tsx reach a domain only through its " +
        "index.server.ts, type-only imports included (platform/ is open to everyone). A name missing from a door: " +
        "import it from the door anyway and regenerate the doors, or add it by hand.",
      from: { path: "^app/(routes|components|route-support|config)/|^app/[^/]+\\.tsx?$" },
      to: { path: "^app/server/(?!platform/)[^/]+/", pathNot: "^app/server/[^/]+/index\\.server\\.ts$" },
    },
    {
      name: "platform-imports-no-domain",
      severity: "error",
      comment:
        "app/server/platform/ (log, metrics, client and request address, bodies, mailbox) is below every domain: " +
        "it imports Node, packages, app/lib and itself only.",
      from: { path: "^app/server/platform/" },
      to: { path: "^app/(server/(?!platform/)|routes/|components/|route-support/|config/)" },
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
