import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import { configurationFrom } from "~/server/config/configuration.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { describeMail, mailConfigFromEnv } from "~/server/email/mail-config.server";
import { claimDueMessages, retryDelayMs } from "~/server/email/outbox.server";
import { type OutboxWorker, startOutboxWorker } from "~/server/email/outbox-worker.server";
import { startBackgroundWork } from "~/server/runtime/background.server";
import { type EnabledMail, mailTo } from "../support/mail-to";
import { oldToken, submit, validQuote } from "../support/quote-requests";
import { freePort, SINK_PASSWORD, type SmtpSink, sinkUrl, startSmtpSink } from "../support/smtp-sink";
import { testEngines } from "../support/test-database";
import { waitFor } from "../support/wait-for";

const fastPolicy = { retryBaseMs: 100, retryMaxMs: 400, leaseMs: 5_000 };

async function outboxRows() {
  const db = await database();
  return db.selectFrom("outbox").selectAll().orderBy("created_at").execute();
}

const quiet = () => undefined;
let ip = 0;
const nextIp = () => `192.0.2.${++ip}`;

describe.each(testEngines())("quote e-mail on $name", (engine) => {
  const workers: OutboxWorker[] = [];
  const sinks: SmtpSink[] = [];
  const worker = (mail: EnabledMail, extra: Partial<Parameters<typeof startOutboxWorker>[0]> = {}) => {
    const started = startOutboxWorker({ mail, pollIntervalMs: 50, policy: fastPolicy, log: quiet, ...extra });
    workers.push(started);
    return started;
  };
  const sink = async (port?: number) => {
    const started = await startSmtpSink(port);
    sinks.push(started);
    return started;
  };

  beforeAll(async () => {
    await startDatabase(engine.env);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await Promise.all(sinks.splice(0).map((s) => s.close()));
    const db = await database();
    await db.deleteFrom("leads").execute();
    await db.deleteFrom("outbox").execute();
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  it("sends the company one message with every field, Reply-To the visitor and escaped HTML", async () => {
    const smtp = await sink();
    worker(mailTo(smtp.url));
    const fields = {
      name: `Ana <script>alert("x")</script> Souza`,
      email: "ana.souza@exemplo.com.br",
      phone: "(41) 98888-7777",
      condominium: "Residencial <b>Ipê</b> & Cia",
      service: "Restauração de Fachadas",
      message: "Fachada com fissuras.\nPodem vir na terça?\n<img src=x onerror=alert(1)> 👷",
    };
    expect((await submit(fields, { clientIp: nextIp() })).status).toBe(200);

    const [mail] = await smtp.waitForMessages(1);
    if (!mail) throw new Error("no message");
    expect(mail.user).toBe("site");
    expect(mail.envelopeTo).toEqual(["orcamentos@alvorada.test"]);
    expect(mail.headers.get("to")).toBe("orcamentos@alvorada.test");
    expect(mail.headers.get("from")).toBe("Site Alvorada <site@alvorada.test>");
    // Quoted as one display name: the angle brackets in the name cannot smuggle in an address.
    expect(mail.headers.get("reply-to")).toBe(
      `"Ana <script>alert(\\"x\\")</script> Souza" <ana.souza@exemplo.com.br>`,
    );
    expect(mail.headers.get("subject")).toBe(
      `Novo pedido de orçamento: ${fields.name} (Restauração de Fachadas)`,
    );
    for (const value of [fields.name, fields.email, fields.phone, fields.condominium, fields.service]) {
      expect(mail.text).toContain(value);
    }
    expect(mail.text).toContain(fields.message);
    expect(mail.text).toContain("Nome: Ana <script>");
    expect(mail.html).toContain("Ana &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Souza");
    expect(mail.html).toContain("Residencial &lt;b&gt;Ipê&lt;/b&gt; &amp; Cia");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt; 👷");
    expect(mail.html).not.toMatch(/<script|<img|<b>/i);
    expect(mail.raw).not.toContain(SINK_PASSWORD);

    const rows = await waitFor(outboxRows, (r) => r[0]?.sent_at != null);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 1, last_error: null, locked_until: null });
    expect(mail.headers.get("message-id")).toBe(`<${rows[0]?.id}@alvorada.test>`);
    // Exactly one message: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(1);
  });

  it("tells the company that a request sent again is a repeat of the first, by its number", async () => {
    const smtp = await sink();
    worker(mailTo(smtp.url));
    const fields = { ...validQuote, email: "de.novo@exemplo.com.br", message: "Pintura da garagem." };
    const first = await submit(fields, { clientIp: nextIp() });
    // From the cleared form, a while later: a token of its own, the same request.
    expect((await submit(fields, { clientIp: nextIp(), token: await oldToken(30_000) })).status).toBe(200);
    const mails = await smtp.waitForMessages(2);
    const number = first.data.confirmation?.number;
    const subjects = mails.map((mail) => mail.headers.get("subject")).sort();
    expect(subjects).toEqual([
      `Novo pedido de orçamento: ${fields.name} (${fields.service})`,
      `Pedido repetido (nº ${number}): ${fields.name} (${fields.service})`,
    ]);
    const repeat = mails.find((mail) => String(mail.headers.get("subject")).startsWith("Pedido repetido"));
    expect(repeat?.text).toContain(`o mesmo pedido de orçamento (o pedido nº ${number})`);
    expect(repeat?.text).toContain(`Pedido: nº ${(number ?? 0) + 1}`);
    expect(repeat?.html).toContain("Pedido de orçamento repetido");
  });

  it("keeps the request when SMTP is down, retries with backoff, and delivers once it is back", async () => {
    const port = await freePort();
    worker(mailTo(sinkUrl(port)));
    const email = "sem.smtp@exemplo.com.br";
    expect((await submit({ ...validQuote, email }, { clientIp: nextIp() })).status).toBe(200);

    const db = await database();
    expect(await db.selectFrom("leads").select("id").where("email", "=", email).execute()).toHaveLength(1);
    const failing = await waitFor(outboxRows, (r) => (r[0]?.attempts ?? 0) >= 2);
    expect(failing[0]?.sent_at).toBeNull();
    expect(failing[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failing[0]?.last_error).not.toContain(SINK_PASSWORD);

    const smtp = await sink(port);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.headers.get("reply-to")).toContain(email);
    const rows = await waitFor(outboxRows, (r) => r[0]?.sent_at != null);
    expect(rows[0]?.attempts).toBeGreaterThanOrEqual(3);
    expect(rows[0]?.last_error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(1);
  });

  it("loses nothing across a restart while SMTP is down", async () => {
    const port = await freePort();
    const first = worker(mailTo(sinkUrl(port)));
    const emails = ["antes1@exemplo.com.br", "antes2@exemplo.com.br"];
    for (const email of emails) {
      expect((await submit({ ...validQuote, email }, { clientIp: nextIp() })).status).toBe(200);
    }
    await waitFor(outboxRows, (r) => r.length === 2 && r.every((row) => row.attempts >= 1));

    // The app stops (worker, then database) and starts again.
    await first.stop();
    await stopDatabase();
    await startDatabase(engine.env);
    const db = await database();
    expect(await db.selectFrom("leads").select("email").orderBy("email").execute()).toEqual(
      emails.map((email) => ({ email })),
    );

    const smtp = await sink(port);
    worker(mailTo(sinkUrl(port)));
    const received = await smtp.waitForMessages(2);
    expect(received.map((m) => m.headers.get("reply-to")).sort()).toEqual([
      `${validQuote.name} <antes1@exemplo.com.br>`,
      `${validQuote.name} <antes2@exemplo.com.br>`,
    ]);
    await waitFor(outboxRows, (r) => r.every((row) => row.sent_at != null));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(2);
  });

  it("picks up a message whose claim expired (a worker that died mid-send)", async () => {
    const smtp = await sink();
    expect(
      (await submit({ ...validQuote, email: "orfao@exemplo.com.br" }, { clientIp: nextIp() })).status,
    ).toBe(200);
    // A worker claims the row, then "dies" without sending.
    const claimed = await claimDueMessages({
      batchSize: 10,
      leaseMs: 400,
      retryBaseMs: 100,
      retryMaxMs: 400,
    });
    expect(claimed).toHaveLength(1);
    const started = Date.now();
    worker(mailTo(smtp.url));
    await smtp.waitForMessages(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(smtp.messages).toHaveLength(1);
  });

  it("sends each message once with two workers polling the same database", async () => {
    const smtp = await sink();
    const mail = mailTo(smtp.url);
    for (let i = 0; i < 6; i++) {
      expect(
        (await submit({ ...validQuote, email: `paralelo${i}@exemplo.com.br` }, { clientIp: nextIp() }))
          .status,
      ).toBe(200);
    }
    worker(mail, { policy: { ...fastPolicy, batchSize: 2 } });
    worker(mail, { policy: { ...fastPolicy, batchSize: 2 } });
    await smtp.waitForMessages(6);
    await waitFor(outboxRows, (r) => r.every((row) => row.sent_at != null));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(6);
    const replyTos = smtp.messages.map((m) => m.headers.get("reply-to"));
    expect(new Set(replyTos).size).toBe(6);
  });

  it("lets an e-mail being sent finish when the worker stops", async () => {
    const smtp = await sink();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sending = false;
    const realMail = mailTo(smtp.url);
    const { createMailTransport } = await import("~/server/email/outbox-worker.server");
    const real = createMailTransport(realMail);
    const slow = worker(realMail, {
      transport: {
        sendMail: async (message) => {
          sending = true;
          await gate;
          return real.sendMail(message);
        },
        close: () => real.close(),
      },
    });
    expect(
      (await submit({ ...validQuote, email: "lento@exemplo.com.br" }, { clientIp: nextIp() })).status,
    ).toBe(200);
    await waitFor(async () => sending, Boolean);
    const stopped = slow.stop();
    setTimeout(release, 200);
    await stopped;
    expect(smtp.messages).toHaveLength(1);
    const [row] = await outboxRows();
    expect(row?.sent_at).not.toBeNull();
  });
});

describe("e-mail configuration", () => {
  it("is off without SMTP_URL, with defaults from the site facts", () => {
    const config = mailConfigFromEnv({}, { ...defaultSite, publicUrl: "https://www.alvorada.com.br" });
    expect(config).toEqual({
      enabled: false,
      from: { name: defaultSite.name, address: "no-reply@www.alvorada.com.br" },
      to: [defaultSite.email],
    });
    expect(describeMail(config)).toBe(
      "E-mail desativado: defina SMTP_URL (ex.: smtp://usuario:senha@servidor:587) para receber os pedidos de orçamento por e-mail; os pedidos continuam salvos e aparecem no painel.",
    );
  });

  it("reads SMTP_URL, MAIL_FROM and a list in LEADS_TO, and never shows the password", () => {
    const config = mailConfigFromEnv(
      {
        SMTP_URL: "smtps://usuario:segredo@smtp.exemplo.com",
        MAIL_FROM: "Site <site@exemplo.com>",
        LEADS_TO: "a@exemplo.com, b@exemplo.com",
      },
      defaultSite,
    );
    expect(config).toMatchObject({
      enabled: true,
      server: "smtp.exemplo.com:465",
      from: { name: "Site", address: "site@exemplo.com" },
      to: ["a@exemplo.com", "b@exemplo.com"],
    });
    expect(describeMail(config)).toBe(
      "E-mail: envio via SMTP para a@exemplo.com, b@exemplo.com (servidor smtp.exemplo.com:465).",
    );
    expect(describeMail(config)).not.toContain("segredo");
  });

  it("holds a claim on a message 2 minutes, or OUTBOX_LEASE_SECONDS", () => {
    const smtp = { SMTP_URL: "smtp://smtp.exemplo.com" };
    expect(mailConfigFromEnv(smtp, defaultSite)).toMatchObject({ leaseMs: 120_000 });
    expect(mailConfigFromEnv({ ...smtp, OUTBOX_LEASE_SECONDS: "15" }, defaultSite)).toMatchObject({
      leaseMs: 15_000,
    });
  });

  it.each([
    ["SMTP_URL", "http://smtp.exemplo.com", "SMTP_URL: deve ser smtp://"],
    ["SMTP_URL", "smtp://usuario:segredo@", "SMTP_URL: deve ser smtp://"],
    ["MAIL_FROM", "Site sem endereço", "MAIL_FROM: deve ser um endereço"],
    ["LEADS_TO", "a@exemplo.com; b", "LEADS_TO: deve ser um ou mais e-mails"],
    ["OUTBOX_LEASE_SECONDS", "dois minutos", "OUTBOX_LEASE_SECONDS: deve ser um número inteiro de segundos"],
    [
      "OUTBOX_LEASE_SECONDS",
      "5",
      "OUTBOX_LEASE_SECONDS: deve ser um número inteiro de segundos, de 10 a 3600",
    ],
  ])("stops with a message naming %s when it is malformed", (key, value, message) => {
    expect(() => mailConfigFromEnv({ [key]: value }, defaultSite)).toThrowError(message);
    try {
      mailConfigFromEnv({ [key]: value }, defaultSite);
    } catch (error) {
      expect((error as Error).message).toMatch(/^Configuração inválida/);
      expect((error as Error).message).not.toContain("segredo");
    }
  });

  it("doubles the retry delay up to a cap", () => {
    const policy = { batchSize: 10, leaseMs: 1000, retryBaseMs: 1000, retryMaxMs: 8000 };
    const half = () => 0.5;
    expect([1, 2, 3, 4, 5, 10].map((n) => retryDelayMs(n, policy, half))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });
});

describe.each(testEngines().slice(0, 1))("start-up on $name", (engine) => {
  beforeAll(async () => {
    await startDatabase(engine.env);
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  it("logs whether e-mail is on, without the SMTP password", async () => {
    // The log's info lines: JSON, written together once per turn of the event loop.
    const written = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const logged = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return written.mock.calls
        .flatMap(([chunk]) => String(chunk).split("\n"))
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { level: string; msg: string });
    };
    try {
      const off = startBackgroundWork(configurationFrom({}));
      await off();
      expect(await logged()).toContainEqual(
        expect.objectContaining({
          level: "info",
          msg: expect.stringMatching(/^E-mail desativado: defina SMTP_URL/),
        }),
      );

      const smtp = await startSmtpSink();
      const on = startBackgroundWork(
        configurationFrom({ ...smtp.env, LEADS_TO: "orcamentos@alvorada.test" }),
      );
      await on();
      await smtp.close();
      expect(await logged()).toContainEqual(
        expect.objectContaining({
          msg: `E-mail: envio via SMTP para orcamentos@alvorada.test (servidor 127.0.0.1:${smtp.port}, sem TLS: SMTP_LOCAL_RELAY_WITHOUT_TLS=true).`,
        }),
      );
      for (const call of written.mock.calls) expect(String(call[0])).not.toContain(SINK_PASSWORD);
    } finally {
      written.mockRestore();
    }
  });
});
