// `npm run db:migrate` applies pending migrations; `npm run db:seed` fills an EMPTY database
// with the demo content (it never touches one that has content). Both use the same
// configuration as the server (DATABASE_URL / DATABASE_SCHEMA / DATA_DIR).
// Runs the sources directly (app/server/runtime/maintenance.server.ts): no build needed.
// The maintainer's `.env` first (scripts/env-file.js); the real environment wins over it.
import "./env-file.js";
import * as site from "../app/server/runtime/maintenance.server.ts";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("Uso: node scripts/db.ts migrate|seed");
  process.exit(2);
}

let handle: Awaited<ReturnType<typeof site.openDatabase>> | undefined;
try {
  // The same checks as the server's start: every malformed variable, listed at once.
  const config = site.loadConfiguration().database;
  handle = await site.openDatabase(config);
  const applied = await site.migrateToLatest(handle);
  console.log(
    applied.length ? `Migrações aplicadas: ${applied.join(", ")}.` : "O banco de dados já está atualizado.",
    `(${site.describeDatabase(config)})`,
  );
  if (command === "seed") {
    const result = await site.seedDemoContentIfEmpty(handle.db);
    console.log(
      result.seeded
        ? `Conteúdo de demonstração criado: ${result.categories} categorias, ${result.posts} artigos.`
        : `Nada a fazer: ${result.reason}.`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle?.close();
}
