import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { QUOTE_SUCCESS, QUOTES_UNLIMITED, startLoad } from "../../harness/cluster-load.ts";
import { type SiteCluster, startCluster } from "../../harness/site-cluster.ts";
import { validQuote } from "../support/quote-requests";
import { testEngines } from "../support/test-database";

// A deploy without errors: two instances on PostgreSQL behind Caddy (deploy/Caddyfile) under 50
// connections of pages and quote requests, restarted one at a time as docs/operations.md says. No
// request may fail and every quote request the visitor saw confirmed must be stored, once.
// Needs the production build (npm run build).

const postgres = testEngines().find((engine) => engine.name === "postgres");
const CONNECTIONS = 50;
const PAGES = ["/", "/blog", "/obras", "/servicos", "/contato", "/blog?busca=fachada", "/sitemap.xml"];

describe.runIf(postgres)("a rolling restart of two instances under load", () => {
  let cluster: SiteCluster;
  const env = postgres?.env ?? {};

  beforeAll(async () => {
    cluster = await startCluster({
      instances: 2,
      env: {
        ...env,
        ...QUOTES_UNLIMITED,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await postgres?.drop();
  });

  it("loses no request and no quote request", { timeout: 240_000 }, async () => {
    const contact = await cluster.request("/contato");
    const token = /name="form_token" value="([^"]+)"/.exec(contact.text)?.[1] ?? "";
    expect(token).not.toBe("");
    const run = Date.now().toString(36);
    const load = startLoad({
      url: cluster.url,
      ca: cluster.caCertificate,
      connections: CONNECTIONS,
      paths: PAGES,
      quoteEvery: 10,
      quoteFields: (n) => ({ ...validQuote, email: `rolling-${run}-${n}@exemplo.com.br`, form_token: token }),
    });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await pause(3_000);
    const restarts: string[] = [];
    for (const instance of cluster.instances) {
      const before = load.tally().requests;
      await instance.stop();
      await instance.start();
      // Ready, and seen ready by Caddy's health check (every 2 s), before the next one goes.
      await expect
        .poll(async () => (await fetch(`${instance.url}/readyz`).catch(() => undefined))?.status, {
          timeout: 30_000,
        })
        .toBe(200);
      await pause(3_000);
      restarts.push(
        `porta ${instance.port}: ${load.tally().requests - before} requisições durante o reinício`,
      );
    }
    await pause(2_000);
    const tally = await load.stop();

    const handle = await openDatabase(databaseConfigFromEnv(env));
    let stored: string[];
    try {
      stored = (
        await handle.db
          .selectFrom("leads")
          .select("email")
          .where("email", "like", `rolling-${run}-%`)
          .execute()
      ).map((row) => row.email);
    } finally {
      await handle.close();
    }
    const missing = tally.quotesConfirmed.filter((email) => !stored.includes(email));
    console.log(
      [
        `Reinício gradual sob ${CONNECTIONS} conexões: ${tally.requests} requisições (${Math.round(tally.rate)}/s),`,
        `${tally.failed} falharam ${JSON.stringify(tally.failures)}; pedidos de orçamento confirmados ${tally.quotesConfirmed.length},`,
        `guardados ${stored.length}, perdidos ${missing.length}, recusados ${tally.quotesRefused} ${JSON.stringify(tally.refusals)}.`,
        ...restarts,
      ].join(" "),
    );
    if (tally.failed || tally.quotesRefused) {
      // What the instances and Caddy said about it, so a failure explains itself.
      const complaints = (text: string) =>
        text
          .split("\n")
          .filter((line) => /"level":"(warn|error)"|recusad|falha|"error"|health|host is/i.test(line));
      for (const instance of cluster.instances)
        console.log(`porta ${instance.port}:\n${complaints(instance.log()).slice(-20).join("\n")}`);
      console.log(`Caddy:\n${complaints(cluster.caddyLog()).slice(-40).join("\n")}`);
    }
    expect(tally.failures).toEqual({});
    expect(tally.failed).toBe(0);
    expect(tally.refusals).toEqual({});
    expect(tally.quotesRefused).toBe(0);
    expect(tally.quotesConfirmed.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
    expect(stored).toHaveLength(new Set(stored).size);
    expect(stored.sort()).toEqual([...tally.quotesConfirmed].sort());
  });
});

describe.runIf(postgres)("a quote request sent while no instance is up", () => {
  let cluster: SiteCluster;
  const env = postgres?.env ?? {};

  beforeAll(async () => {
    cluster = await startCluster({ instances: 1, env: { ...env, ...QUOTES_UNLIMITED } });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await postgres?.drop();
  });

  it("waits for an instance and is stored, not answered 503", { timeout: 120_000 }, async () => {
    const contact = await cluster.request("/contato");
    const token = /name="form_token" value="([^"]+)"/.exec(contact.text)?.[1] ?? "";
    const [instance] = cluster.instances;
    if (!instance) throw new Error("no instance");
    // Stopped after draining: Caddy's health check has seen it go, and nothing listens.
    await instance.stop();
    const email = `sem-instancia-${Date.now().toString(36)}@exemplo.com.br`;
    const sending = cluster.request("/contato", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: cluster.url },
      body: new URLSearchParams({ ...validQuote, email, form_token: token }).toString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await instance.start();
    const answer = await sending;
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(QUOTE_SUCCESS);

    const handle = await openDatabase(databaseConfigFromEnv(env));
    try {
      const stored = await handle.db.selectFrom("leads").select("email").where("email", "=", email).execute();
      expect(stored).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});
