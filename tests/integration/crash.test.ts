import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { type RunningServer, startServer } from "../../harness/server";
import { validQuote } from "../support/quote-requests";
import { testEngines } from "../support/test-database";

// Crash safety of the quote pipeline: while clients keep sending valid quote requests,
// the production server is killed with SIGKILL (no shutdown, requests in flight), started again
// on the same database, and the sending goes on. Every request that was answered with success
// must be in the database afterwards, with its notification e-mail queued (same transaction);
// on SQLite the file must pass PRAGMA integrity_check. Needs the production build (npm run build).

const SUCCESS = "Mensagem enviada com sucesso!";
/** Clients posting at the same time, so a kill always lands on requests in flight. */
const CLIENTS = 6;
const KILLS = 3;
/** Successful requests between two kills. */
const SUCCESSES_PER_ROUND = 25;

const serverEnv = (engine: Record<string, string>) => ({
  // The server inherits this process's environment: only the engine's database counts.
  DATABASE_URL: "",
  DATABASE_SCHEMA: "",
  ...engine,
  PUBLIC_URL: "https://www.exemplo-condominio.com.br",
  // One address sends everything, and a token is used at once.
  QUOTE_RATE_LIMIT_PER_HOUR: "1000000",
  QUOTE_MIN_FILL_SECONDS: "0",
});

/** The quote form's token, as the page renders it. */
async function formToken(url: string): Promise<string> {
  const page = await (await fetch(`${url}/contato`)).text();
  const token = /name="form_token" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error("no form token on /contato");
  return token;
}

function waitForExit(server: RunningServer): Promise<void> {
  return new Promise((resolve) => {
    if (server.process.exitCode !== null || server.process.signalCode !== null) return resolve();
    server.process.once("exit", () => resolve());
  });
}

describe.each(testEngines())("a server killed while quote requests arrive, on $name", (engine) => {
  afterAll(async () => {
    await engine.drop();
  });

  it("keeps every request it confirmed, and the database stays sound", { timeout: 180_000 }, async () => {
    const env = serverEnv(engine.env);
    let server = await startServer(env);
    let token = await formToken(server.url);
    const run = Date.now().toString(36);
    const confirmed: string[] = [];
    let sent = 0;
    let failures = 0;
    let stopping = false;

    async function client(id: number) {
      for (let n = 0; !stopping; n++) {
        const email = `crash-${run}-${id}-${n}@exemplo.com.br`;
        const body = new URLSearchParams({ ...validQuote, email, form_token: token });
        sent++;
        try {
          const response = await fetch(`${server.url}/contato`, { method: "POST", body });
          const page = await response.text();
          if (response.status === 200 && page.includes(SUCCESS)) confirmed.push(email);
          else failures++;
        } catch {
          // The server is down (killed, or starting again): this request was never confirmed.
          failures++;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    }

    const clients = Array.from({ length: CLIENTS }, (_, id) => client(id));
    try {
      for (let kill = 0; kill < KILLS; kill++) {
        const target = confirmed.length + SUCCESSES_PER_ROUND;
        while (confirmed.length < target) await new Promise((resolve) => setTimeout(resolve, 5));
        const killed = server;
        killed.process.kill("SIGKILL");
        await waitForExit(killed);
        server = await startServer(env);
        token = await formToken(server.url);
      }
      const target = confirmed.length + SUCCESSES_PER_ROUND;
      while (confirmed.length < target) await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      stopping = true;
      await Promise.all(clients);
      await server.stop();
    }

    // Requests in flight at each kill got no answer.
    expect(failures).toBeGreaterThan(0);
    expect(confirmed.length).toBeGreaterThanOrEqual((KILLS + 1) * SUCCESSES_PER_ROUND);
    expect(sent).toBeGreaterThan(confirmed.length);

    const handle = await openDatabase(databaseConfigFromEnv(engine.env));
    try {
      const rows = await handle.db
        .selectFrom("leads as l")
        .leftJoin("outbox as o", "o.lead_id", "l.id")
        .select(["l.email", "o.id as outbox_id"])
        .where("l.email", "like", `crash-${run}-%`)
        .execute();
      const stored = new Map(rows.map((row) => [row.email, row.outbox_id]));
      const missing = confirmed.filter((email) => !stored.has(email));
      expect(missing, "confirmed but not stored").toEqual([]);
      // A lead and its e-mail are written together: never one without the other.
      expect(rows.filter((row) => !row.outbox_id).map((row) => row.email)).toEqual([]);
      // Nothing stored twice.
      expect(rows).toHaveLength(stored.size);
      if (engine.name === "sqlite") {
        const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(handle.db);
        expect(check.rows).toEqual([{ integrity_check: "ok" }]);
      }
    } finally {
      await handle.close();
    }
  });
});
