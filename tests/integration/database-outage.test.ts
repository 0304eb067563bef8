import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { LEAD_NOTIFICATION } from "~/server/email/outbox.server";
import { QUOTE_SUCCESS, QUOTES_UNLIMITED, startLoad } from "../../harness/cluster-load.ts";
import { type SiteCluster, startCluster } from "../../harness/site-cluster.ts";
import { validQuote } from "../support/quote-requests";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { testEngines } from "../support/test-database";

// PostgreSQL goes away for 30 seconds under mixed load (a TCP proxy between the instances and
// the database drops every connection and refuses new ones, as a restarting server does):
// cached public pages keep answering; a quote request sent meanwhile is never confirmed
// without being stored, and gets a pt-BR message with the phone and WhatsApp; afterwards the
// site recovers by itself (pool, change listener, outbox worker). Needs the production build.

const postgres = testEngines().find((engine) => engine.name === "postgres");
const OUTAGE_MS = 30_000;
const LEASE_SECONDS = 15;
const CACHED_PAGES = ["/", "/blog", "/obras", "/servicos", "/contato"];

describe.runIf(postgres)("PostgreSQL away for 30 seconds under load", () => {
  let cluster: SiteCluster;
  let proxy: TcpProxy;
  let sink: SmtpSink;
  const env = postgres?.env ?? {};

  beforeAll(async () => {
    const url = new URL(env.DATABASE_URL as string);
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    sink = await startSmtpSink();
    url.host = `127.0.0.1:${proxy.port}`;
    cluster = await startCluster({
      instances: 2,
      env: {
        ...env,
        DATABASE_URL: url.toString(),
        ...sink.env,
        // A message being sent as the database went away is sent again once its claim ends:
        // 15 s here instead of the default 2 minutes, so the test does not wait them out.
        OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
        ...QUOTES_UNLIMITED,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await proxy?.close();
    await sink?.close();
    await postgres?.drop();
  });

  it("keeps cached pages up, never confirms a request it did not store, and recovers", {
    timeout: 420_000,
  }, async () => {
    const contact = await cluster.request("/contato");
    const token = /name="form_token" value="([^"]+)"/.exec(contact.text)?.[1] ?? "";
    expect(token).not.toBe("");
    // Every instance has the public pages in its render cache.
    for (let round = 0; round < 3; round++) for (const path of CACHED_PAGES) await cluster.request(path);

    const run = Date.now().toString(36);
    const quote = (n: number) => ({
      ...validQuote,
      email: `queda-${run}-${n}@exemplo.com.br`,
      form_token: token,
    });
    const load = startLoad({
      url: cluster.url,
      ca: cluster.caCertificate,
      connections: 20,
      paths: CACHED_PAGES,
      quoteEvery: 10,
      quoteFields: quote,
    });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await pause(2_000);
    const before = load.tally();

    proxy.cut();
    await pause(2_000);
    // While the database is away: what a visitor sees.
    const pageDuring = await cluster.request("/obras");
    const quoteDuring = await cluster.request("/contato", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: cluster.url },
      body: new URLSearchParams(quote(1_000_000)).toString(),
    });
    const ready = await Promise.all(
      cluster.instances.map(async (instance) => (await fetch(`${instance.url}/readyz`)).status),
    );
    await pause(OUTAGE_MS - 2_000);
    const during = load.tally();
    proxy.restore();
    const confirmedWhenBack = during.quotesConfirmed.length;

    // Recovery without a restart: every instance ready again, new content served.
    await expect
      .poll(
        async () =>
          (
            await Promise.all(cluster.instances.map(async (i) => (await fetch(`${i.url}/readyz`)).status))
          ).join(),
        { timeout: 30_000, interval: 500 },
      )
      .toBe("200,200");
    await pause(3_000);
    const tally = await load.stop();

    const handle = await openDatabase(databaseConfigFromEnv(env));
    let stored: string[];
    let queued: number;
    try {
      stored = (
        await handle.db.selectFrom("leads").select("email").where("email", "like", `queda-${run}-%`).execute()
      ).map((row) => row.email);
      queued = (
        await handle.db
          .selectFrom("outbox")
          .innerJoin("leads", "leads.id", "outbox.lead_id")
          .select("leads.email")
          .where("leads.email", "like", `queda-${run}-%`)
          .where("outbox.kind", "=", LEAD_NOTIFICATION)
          .execute()
      ).length;
    } finally {
      await handle.close();
    }
    const lost = tally.quotesConfirmed.filter((email) => !stored.includes(email));
    console.log(
      [
        `Banco fora do ar por ${OUTAGE_MS / 1000} s sob carga: ${tally.requests} requisições,`,
        `${tally.answered} respondidas, ${tally.failed} sem resposta ou 5xx ${JSON.stringify(tally.failures)};`,
        `durante a queda ${during.answered - before.answered} respondidas e ${during.failed - before.failed} falhas;`,
        `pedidos de orçamento confirmados ${tally.quotesConfirmed.length}, guardados ${stored.length},`,
        `perdidos ${lost.length}, recusados com mensagem ${tally.quotesRefused} ${JSON.stringify(tally.refusals)}.`,
      ].join(" "),
    );

    // Cached pages answered throughout.
    expect(pageDuring.status).toBe(200);
    expect(during.answered - before.answered).toBeGreaterThan(100);
    // A quote request meanwhile: refused with a message that offers the phone and WhatsApp.
    expect(quoteDuring.status).toBe(503);
    expect(quoteDuring.text).not.toContain(QUOTE_SUCCESS);
    expect(quoteDuring.text).toContain("(41) 99876-5432");
    expect(quoteDuring.text).toContain("wa.me/5541998765432");
    expect(ready).toEqual([503, 503]);
    // Every refused quote request, also those at the edges of the outage, was told so with a 503
    // and the quote's own message, never the generic error page (which offers no way to call).
    expect(
      Object.keys(tally.refusals).filter(
        (refusal) => !/^503 (Seu pedido de orçamento não foi enviado|Erro ao enviar mensagem)/.test(refusal),
      ),
    ).toEqual([]);
    // Never a success that was not stored; every stored request has its e-mail queued.
    expect(lost).toEqual([]);
    // A request cut off after its commit is stored without the visitor seeing success: if they
    // send it again, it is recognised as the same request.
    expect(stored.length).toBeGreaterThanOrEqual(tally.quotesConfirmed.length);
    expect(new Set(stored).size).toBe(stored.length);
    expect(queued).toBe(stored.length);
    // The outbox workers came back too: every stored request's e-mail is sent. One sent as the
    // database went away could not be marked sent: it goes again when its lease (15 s) ends.
    const mailed = () =>
      stored.filter((email) => sink.messages.some((message) => message.raw.includes(email))).length;
    await expect.poll(mailed, { timeout: 200_000, interval: 1_000 }).toBe(stored.length);
    // Requests confirmed after the database came back: the site recovered.
    expect(tally.quotesConfirmed.length).toBeGreaterThan(confirmedWhenBack);
    expect(tally.failed).toBe(0);
  });
});
