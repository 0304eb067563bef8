// npm runs this after install. The project needs Node 24 (node:sqlite, crypto.argon2);
// the `node` devDependency provides it to every npm script. If its install script was
// blocked, scripts would silently fall back to the system Node, so fail loudly instead.
const major = Number(process.versions.node.split(".")[0]);
if (major !== 24) {
  console.error(
    `Este projeto precisa do Node 24 (encontrado ${process.versions.node}). ` +
      `Rode os scripts com "npm run" para usar o Node 24 instalado em node_modules/.bin.`,
  );
  process.exit(1);
}
