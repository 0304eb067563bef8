import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import type { HealthRow } from "~/lib/site-health";
import { configurationFrom } from "~/server/config/configuration.server";
import { siteHealth } from "~/server/dashboard/site-health.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { mailConfigFromEnv } from "~/server/email/mail-config.server";
import { type OutboxWorker, startOutboxWorker } from "~/server/email/outbox-worker.server";
import { mailTo } from "../support/mail-to";
import { submit, validQuote } from "../support/quote-requests";
import { SINK_PASSWORD, type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { testEngines } from "../support/test-database";
import { waitFor } from "../support/wait-for";

// E-mail only over TLS: an smtp:// server that offers no STARTTLS (this sink) gets
// nothing, neither the password nor the request, until the configuration declares it a local
// relay without TLS; the message waits in the outbox meanwhile and Site health says why.

const fastPolicy = { retryBaseMs: 100, retryMaxMs: 400, leaseMs: 5_000 };
const PUBLIC_URL = "https://www.exemplo.com.br";

async function outboxRows() {
  const db = await database();
  return db.selectFrom("outbox").selectAll().orderBy("created_at").execute();
}

const smtpRow = async (env: Record<string, string>): Promise<HealthRow | undefined> =>
  (await siteHealth({ configuration: configurationFrom({ ...env, PUBLIC_URL }) })).find(
    (row) => row.id === "smtp",
  );

describe.each(testEngines())("e-mail over smtp:// on $name", (engine) => {
  let sink: SmtpSink;
  let worker: OutboxWorker | undefined;

  beforeAll(async () => {
    await startDatabase(engine.env);
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });
  afterAll(async () => {
    await sink.close();
    await stopDatabase();
    await engine.drop();
  });

  it("sends nothing to a server without STARTTLS, keeps the message and says why; sends it once declared a local relay", async () => {
    const plain = { SMTP_URL: sink.url, LEADS_TO: "orcamentos@alvorada.test" };
    const mail = mailConfigFromEnv(plain, defaultSite);
    if (!mail.enabled) throw new Error("mail should be on");
    worker = startOutboxWorker({ mail, pollIntervalMs: 50, policy: fastPolicy, log: () => undefined });
    expect((await submit(validQuote, { clientIp: "192.0.2.10" })).status).toBe(200);

    // Tried at least twice, refused each time: the rows stay unsent, with the reason.
    const failed = await waitFor(outboxRows, (rows) => rows.length > 0 && rows.every((r) => r.attempts >= 2));
    for (const row of failed) {
      expect(row.sent_at).toBeNull();
      expect(row.last_error).toMatch(/^o servidor não ofereceu TLS \(STARTTLS\); nada foi enviado/);
      expect(row.last_error).toContain("SMTP_LOCAL_RELAY_WITHOUT_TLS=true");
    }
    expect(sink.messages).toEqual([]);
    // Not even a login: the password never went out in clear.
    expect(sink.logins).toEqual([]);

    const refused = await smtpRow(plain);
    expect(refused).toMatchObject({
      status: "error",
      title: "E-mails parados: o servidor de e-mail não protege a conexão",
    });
    expect(refused?.detail).toContain("nenhum e-mail saiu, nem avisos de pedidos, nem convites");
    expect(refused?.detail).toContain("as mensagens esperam na fila e saem sozinhas");
    expect(refused?.technical).toContain(`O servidor 127.0.0.1:${sink.port} não ofereceu TLS (STARTTLS)`);
    expect(refused?.technical).toContain("defina SMTP_LOCAL_RELAY_WITHOUT_TLS=true e reinicie o site");
    expect(JSON.stringify(refused)).not.toContain(SINK_PASSWORD);

    await worker.stop();
    // The same server, declared a local relay: the waiting messages go out.
    worker = startOutboxWorker({
      mail: mailTo(sink.url),
      pollIntervalMs: 50,
      policy: fastPolicy,
      log: () => undefined,
    });
    await sink.waitForMessages(failed.length);
    await waitFor(outboxRows, (rows) => rows.every((r) => r.sent_at !== null && r.last_error === null));
    expect(sink.messages.flatMap((m) => m.envelopeTo)).toContain("orcamentos@alvorada.test");
    expect(sink.logins).toContain("site");

    const relayed = await smtpRow({ ...plain, SMTP_LOCAL_RELAY_WITHOUT_TLS: "true" });
    expect(relayed).toMatchObject({ status: "ok", title: "E-mail funcionando" });
    expect(relayed?.technical).toBe("Relay local, sem TLS (SMTP_LOCAL_RELAY_WITHOUT_TLS=true).");
  });

  it("warns when the relay without TLS is another machine", async () => {
    const row = await smtpRow({ SMTP_URL: "smtp://site@10.0.0.25:25", SMTP_LOCAL_RELAY_WITHOUT_TLS: "true" });
    expect(row).toMatchObject({ status: "warning", title: "E-mail enviado sem proteção pela rede" });
    expect(row?.detail).toContain("a senha do e-mail e os pedidos de orçamento podem ser lidos no caminho");
    expect(row?.technical).toContain("10.0.0.25:25 não está nesta máquina");
  });

  it("warns in Site health about PostgreSQL on another machine without sslmode, and is ok with it", async () => {
    const rowFor = async (url: string) =>
      (
        await siteHealth({
          configuration: configurationFrom({ DATABASE_URL: url, PUBLIC_URL }),
        })
      ).find((row) => row.id === "database-tls");
    const clear = await rowFor("postgres://site:segredo@db.exemplo.com.br:5432/site");
    expect(clear).toMatchObject({ status: "warning", title: "Dados do site passam pela rede sem proteção" });
    expect(clear?.detail).toContain(
      "O banco de dados fica em outra máquina, e a conexão até ele não é protegida",
    );
    expect(clear?.technical).toContain("outra máquina (db.exemplo.com.br) sem sslmode");
    expect(clear?.technical).toContain("sslmode=verify-full");
    expect(JSON.stringify(clear)).not.toContain("segredo");
    expect(await rowFor("postgres://site@db.exemplo.com.br/site?sslmode=verify-full")).toMatchObject({
      status: "ok",
    });
    expect(await rowFor("postgres://site@127.0.0.1/site")).toMatchObject({ status: "ok" });
  });
});
