import { afterAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { type RunningServer, startServer } from "../../harness/server";
import { testEngines } from "../support/test-database";

// Two instances of the production server on one PostgreSQL, under concurrent load: every page
// view and every tap answered is in the aggregate rows once both have stopped (their counters
// add up with upserts, never overwrite each other). Needs the production build (npm run build).
// Each tap comes from an address of its own (through the trusted proxy's X-Forwarded-For, as
// behind Caddy): a visitor's taps count once per page a day, and an address's only so many an hour.

const postgres = testEngines().find((engine) => engine.name === "postgres");

const PAGES = ["/", "/servicos", "/obras", "/contato", "/blog", "/politica-de-privacidade"];
const AGENTS = Array.from(
  { length: 7 },
  (_, i) =>
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/14${i}.0.0.0 Safari/537.36`,
);
const REQUESTS = 3_000;
const CONCURRENCY = 40;

describe.skipIf(!postgres)("visit counts with two instances on PostgreSQL", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await postgres?.drop();
  });

  it("loses no view and no tap under load", { timeout: 180_000 }, async () => {
    const env = {
      ...postgres?.env,
      PUBLIC_URL: "https://www.exemplo-condominio.com.br",
      TRUST_PROXY: "127.0.0.1,::1",
    };
    // The first start creates the database (migrations, demo content) before the two race.
    const first = await startServer(env);
    await first.stop();
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));

    let views = 0;
    let taps = 0;
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        const server = servers[i % 2] as RunningServer;
        const tap = i % 10 === 9;
        const path = tap
          ? `/contato/whatsapp?de=${PAGES[i % PAGES.length]}`
          : (PAGES[i % PAGES.length] as string);
        const answer = await fetch(new URL(path, server.url), {
          redirect: "manual",
          headers: {
            "User-Agent": AGENTS[i % AGENTS.length] as string,
            "Accept-Encoding": "gzip",
            ...(tap ? { "X-Forwarded-For": `10.0.${Math.floor(i / 256)}.${i % 256}` } : {}),
          },
        });
        await answer.arrayBuffer();
        if (tap && answer.status === 302) taps++;
        if (!tap && answer.status === 200) views++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(views + taps).toBe(REQUESTS);
    // Stopping writes what each instance still holds.
    await Promise.all(servers.map((server) => server.stop()));

    const handle = await openDatabase(databaseConfigFromEnv(env));
    try {
      const counted = await handle.db
        .selectFrom("visit_counts")
        .select((eb) => eb.fn.sum<string>("views").as("views"))
        .executeTakeFirstOrThrow();
      const tapped = await handle.db
        .selectFrom("contact_taps")
        .select((eb) => eb.fn.sum<string>("taps").as("taps"))
        .executeTakeFirstOrThrow();
      const visitors = await handle.db
        .selectFrom("visit_visitors")
        .select((eb) => eb.fn.count<string>("visitor_hash").distinct().as("visitors"))
        .executeTakeFirstOrThrow();
      expect(Number(counted.views)).toBe(views);
      expect(Number(tapped.taps)).toBe(taps);
      // One address, seven browsers: seven visitors, whichever instance saw them.
      expect(Number(visitors.visitors)).toBe(AGENTS.length);
    } finally {
      await handle.close();
    }
  });
});
