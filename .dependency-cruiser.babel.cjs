// The Babel set-up dependency-cruiser reads TypeScript with (see .dependency-cruiser.cjs).
// The TypeScript preset drops type-only imports and re-exports; this plugin first turns each
// into a bare import of the same module, so that the import graph keeps the edge.
function keepTypeImports({ types: t }) {
  const isTypeOnly = (node) =>
    node.importKind === "type" ||
    node.exportKind === "type" ||
    (node.specifiers.length > 0 &&
      node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));
  return {
    visitor: {
      Program(path) {
        for (const statement of path.get("body")) {
          const { node } = statement;
          const isImportOrExport = statement.isImportDeclaration() || statement.isExportNamedDeclaration();
          if (isImportOrExport && node.source && isTypeOnly(node)) {
            statement.replaceWith(t.importDeclaration([], t.stringLiteral(node.source.value)));
          }
        }
      },
    },
  };
}

module.exports = {
  plugins: [keepTypeImports],
  presets: [["@babel/preset-typescript", { allExtensions: true, isTSX: true, onlyRemoveTypeImports: true }]],
};
