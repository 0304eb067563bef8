import { readFileSync } from "node:fs";
import path from "node:path";
import { type RunningServer, spawnServer } from "../../harness/server";
import { ownDatabase } from "./test-database";

const root = path.resolve(import.meta.dirname, "../..");

export interface DevServer {
  server: RunningServer;
  url: string;
  /** DATA_DIR (and DATABASE_URL/DATABASE_SCHEMA on PostgreSQL) of its database. */
  databaseEnv: Record<string, string>;
  stop: () => Promise<void>;
}

/** `npm run dev`'s node arguments, read from package.json ("node [flags] script"). */
function devScriptArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts?: { dev?: string };
  };
  const [command, ...args] = (pkg.scripts?.dev ?? "").trim().split(/\s+/);
  if (command !== "node" || !args.length) {
    throw new Error(`The dev script should be "node [flags] script", but it is "${pkg.scripts?.dev}".`);
  }
  return args;
}

/**
 * The development server (`npm run dev`) on a free port and a fresh database (a SQLite
 * directory, or a PostgreSQL schema when DATABASE_URL is set), with extra environment.
 */
export async function startDevServer(extraEnv: Record<string, string> = {}): Promise<DevServer> {
  const { env: databaseEnv, drop } = ownDatabase("e2e-dev");
  let server: RunningServer;
  try {
    // Vite starts and loads the server code before the site listens: slower than `npm start`.
    server = await spawnServer(
      devScriptArgs(),
      { NODE_ENV: "development", ...databaseEnv, ...extraEnv },
      { startTimeoutMs: 90_000 },
    );
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    server,
    url: server.url,
    databaseEnv,
    stop: async () => {
      await server.stop();
      await drop();
    },
  };
}
