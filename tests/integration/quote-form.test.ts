import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { QUOTE_FAILURE_TOAST, QUOTE_SUCCESS_TOAST } from "~/lib/quote";
import { FOREIGN_ORIGIN_MESSAGE } from "~/server/accounts/cross-site.server";
import { database } from "~/server/db/database.server";
import { checkFormToken, createFormToken } from "~/server/leads/form-token.server";
import { configureWith, resetConfiguration } from "../support/configuration";
import { describeOnEachEngine } from "../support/engine-suite";
import {
  callAction,
  formBody,
  loadFormToken,
  ORIGIN,
  oldToken,
  quoteRequest,
  submit,
  validQuote,
} from "../support/quote-requests";

let ipCounter = 0;
/** A fresh client address per test, so the per-address limit never couples tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function counts() {
  const db = await database();
  const leads = await db.selectFrom("leads").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  const outbox = await db
    .selectFrom("outbox")
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return { leads: Number(leads.n), outbox: Number(outbox.n) };
}

async function leadByEmail(email: string) {
  const db = await database();
  return db.selectFrom("leads").selectAll().where("email", "=", email).execute();
}

describeOnEachEngine("quote form", () => {
  afterEach(() => resetConfiguration());

  it("stores a valid request with its notification in the outbox, then answers success", async () => {
    const email = "sucesso@exemplo.com.br";
    const before = await counts();
    const answer = await submit({ ...validQuote, email }, { clientIp: freshIp() });
    expect(answer.status).toBe(200);
    expect(answer.data.outcome).toBe("sent");
    expect(answer.data.toast).toEqual(QUOTE_SUCCESS_TOAST);
    expect(answer.data.toast.title).toBe("Mensagem enviada com sucesso!");
    expect(answer.data.toast.description).toBe("Entraremos em contato em breve para discutir seu projeto.");
    expect(answer.data.values).toEqual({});
    expect(answer.headers.get("Cache-Control")).toBe("no-store");

    const [lead] = await leadByEmail(email);
    expect(lead).toMatchObject({
      name: validQuote.name,
      phone: validQuote.phone,
      condominium: validQuote.condominium,
      service: validQuote.service,
      message: validQuote.message,
      status: "novo",
      note: "",
    });
    expect(lead?.id).toMatch(/^[0-9a-f-]{36}$/);
    // What stays on the page: the request's number and when it arrived.
    expect(lead?.number).toEqual(expect.any(Number));
    expect(answer.data.confirmation).toEqual({
      number: lead?.number,
      receivedAt: lead?.created_at,
      alreadyReceived: false,
    });
    const db = await database();
    const outbox = await db
      .selectFrom("outbox")
      .selectAll()
      .where("lead_id", "=", lead?.id ?? "")
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "lead-notification", attempts: 0, sent_at: null });
    expect(JSON.parse(outbox[0]?.payload ?? "{}")).toEqual({ leadId: lead?.id });
    expect(await counts()).toEqual({ leads: before.leads + 1, outbox: before.outbox + 1 });
  });

  it("fills empty optional fields with their defaults", async () => {
    const email = "padroes@exemplo.com.br";
    const answer = await submit(
      { name: "João", email, phone: "41 3333-4444", condominium: "  ", service: "", message: "\n \n" },
      { clientIp: freshIp() },
    );
    expect(answer.status).toBe(200);
    const [lead] = await leadByEmail(email);
    expect(lead).toMatchObject({
      condominium: "Não informado",
      service: "Não especificado",
      message: "Sem mensagem adicional",
    });
  });

  it("accepts multipart/form-data too", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...validQuote, email: "multipart@exemplo.com.br" })) {
      form.set(key, value);
    }
    form.set("form_token", await oldToken());
    const answer = await callAction(quoteRequest(form), freshIp());
    expect(answer.status).toBe(200);
    expect(await leadByEmail("multipart@exemplo.com.br")).toHaveLength(1);
  });

  it("does not store the same request twice when the page re-posts it", async () => {
    const fields = { ...validQuote, email: "repetido@exemplo.com.br" };
    const ip = freshIp();
    // A refresh of the page the post answered sends the same form again: the same token.
    const token = await oldToken();
    const first = await submit(fields, { clientIp: ip, token });
    expect(first.status).toBe(200);
    const again = await submit(fields, { clientIp: ip, token });
    expect(again.status).toBe(200);
    expect(again.data.toast).toEqual(QUOTE_SUCCESS_TOAST);
    expect(await leadByEmail(fields.email)).toHaveLength(1);
    // The visitor is told it is the request that had arrived, by its number.
    expect(again.data.confirmation).toEqual({ ...first.data.confirmation, alreadyReceived: true });
  });

  describe("validation", () => {
    it("names each missing required field and stores nothing", async () => {
      const before = await counts();
      const answer = await submit(
        { name: "", email: "", phone: "", message: "Olá" },
        { clientIp: freshIp() },
      );
      expect(answer.status).toBe(400);
      expect(answer.data.outcome).toBe("invalid");
      expect(answer.data.fieldErrors).toEqual({
        name: "Informe seu nome.",
        email: "Informe seu e-mail.",
        phone: "Informe seu telefone.",
      });
      expect(answer.data.toast).toMatchObject({
        title: "Erro ao enviar mensagem",
        description: "Confira os campos destacados no formulário.",
        variant: "error",
      });
      expect(answer.data.values.message).toBe("Olá");
      expect(await counts()).toEqual(before);
    });

    it("treats fields that are absent from the body like empty ones", async () => {
      const answer = await callAction(
        quoteRequest(new URLSearchParams({ form_token: await oldToken() })),
        freshIp(),
      );
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.data.fieldErrors).sort()).toEqual(["email", "name", "phone"]);
    });

    it.each([
      ["maria", "sem arroba"],
      ["maria@", "sem domínio"],
      ["maria@exemplo", "sem ponto no domínio"],
      ["maria silva@exemplo.com", "com espaço"],
      ["<script>@exemplo.com", "com HTML"],
    ])("refuses the malformed e-mail %j (%s)", async (email) => {
      const answer = await submit({ ...validQuote, email }, { clientIp: freshIp() });
      expect(answer.status).toBe(400);
      expect(answer.data.fieldErrors).toEqual({
        email: "Informe um e-mail válido, como nome@exemplo.com.br.",
      });
      expect(answer.data.values.email).toBe(email);
      expect(answer.data.values.name).toBe(validQuote.name);
    });

    it("wants a phone number with enough digits to call", async () => {
      const answer = await submit({ ...validQuote, phone: "sem telefone" }, { clientIp: freshIp() });
      expect(answer.status).toBe(400);
      expect(answer.data.fieldErrors.phone).toBe("Informe um telefone com DDD, como (41) 99999-9999.");
      const ok = await submit(
        { ...validQuote, email: "ramal@exemplo.com.br", phone: "+55 (41) 3333-4444 ramal 12" },
        { clientIp: freshIp() },
      );
      expect(ok.status).toBe(200);
    });

    it("accepts only the eight services or none", async () => {
      const answer = await submit({ ...validQuote, service: "Demolição" }, { clientIp: freshIp() });
      expect(answer.status).toBe(400);
      expect(answer.data.fieldErrors).toEqual({ service: "Escolha um dos serviços da lista." });
    });

    it.each([
      ["name", 121, "O nome pode ter no máximo 120 caracteres."],
      ["email", 255, "O e-mail pode ter no máximo 254 caracteres."],
      ["phone", 41, "O telefone pode ter no máximo 40 caracteres."],
      ["condominium", 161, "O condomínio pode ter no máximo 160 caracteres."],
      ["message", 5001, "A mensagem pode ter no máximo 5.000 caracteres."],
    ] as const)("limits %s to a sensible length", async (field, length, message) => {
      const long =
        field === "email"
          ? `${"a".repeat(length - 12)}@exemplo.com`
          : field === "phone"
            ? "4".repeat(length)
            : "a".repeat(length);
      expect(long).toHaveLength(length);
      const answer = await submit({ ...validQuote, [field]: long }, { clientIp: freshIp() });
      expect(answer.status).toBe(400);
      expect(answer.data.fieldErrors[field]).toBe(message);
    });
  });

  describe("bad input never causes a 500", () => {
    it("answers 413 to a 1 MB message, declared or streamed, and stores nothing", async () => {
      const before = await counts();
      const big = await formBody({ ...validQuote, message: "x".repeat(1024 * 1024) });
      const declared = await callAction(quoteRequest(big), freshIp());
      expect(declared.status).toBe(413);
      expect(declared.data.outcome).toBe("too-large");
      expect(declared.data.toast.description).toMatch(/grande demais/);

      const bytes = new TextEncoder().encode(big.toString());
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024));
          controller.close();
        },
      });
      const streamed = await callAction(
        quoteRequest(stream, { headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
        freshIp(),
      );
      expect(streamed.status).toBe(413);
      expect(await counts()).toEqual(before);
    });

    it("answers a message a little over the limit with the field's message and the values", async () => {
      const answer = await submit({ ...validQuote, message: "é".repeat(8_000) }, { clientIp: freshIp() });
      expect(answer.status).toBe(400);
      expect(answer.data.fieldErrors.message).toBe("A mensagem pode ter no máximo 5.000 caracteres.");
      expect(answer.data.values.message).toHaveLength(8_000);
    });

    it.each([
      ["application/json", JSON.stringify(validQuote)],
      ["text/plain", "name=Maria"],
      ["application/xml", "<quote/>"],
      [null, "name=Maria"],
    ])("answers 415 to the content type %j", async (type, body) => {
      const request = new Request(`${ORIGIN}/contato`, {
        method: "POST",
        headers: type ? { Origin: ORIGIN, "Content-Type": type } : { Origin: ORIGIN },
        body: new Blob([body]).stream(),
        duplex: "half",
      } as RequestInit);
      const answer = await callAction(request, freshIp());
      expect(answer.status).toBe(415);
      expect(answer.data.toast.description).toBe(
        "Formato de envio não suportado. Use o formulário desta página para enviar o pedido.",
      );
    });

    it("answers 400 to a multipart body that cannot be parsed", async () => {
      const answer = await callAction(
        quoteRequest("--x\r\nnot really multipart", {
          headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
        }),
        freshIp(),
      );
      expect(answer.status).toBe(400);
      expect(answer.data.toast.description).toBe(
        "Não foi possível ler o formulário enviado. Preencha-o novamente e envie.",
      );
    });

    it("answers 405 to other methods", async () => {
      const answer = await callAction(
        new Request(`${ORIGIN}/contato`, { method: "PUT", headers: { Origin: ORIGIN }, body: "x" }),
        freshIp(),
      );
      expect(answer.status).toBe(405);
    });

    it("keeps accents, emoji and other scripts, and removes invisible and control characters", async () => {
      const email = "unicode@exemplo.com.br";
      const name = "Jose\u0301 Ñandú 李小龍 👷🏽‍♀️ مريم";
      const answer = await submit(
        {
          ...validQuote,
          email,
          name: `\u202E${name}\u0000\u200B`,
          condominium: "Edifício\tSão\r\nPaulo \u{1F3E2}",
          message: "Linha 1\r\nLinha 2\u0007\n\tcom tab \uFEFF",
        },
        { clientIp: freshIp() },
      );
      expect(answer.status).toBe(200);
      const [lead] = await leadByEmail(email);
      expect(lead?.name).toBe("José Ñandú 李小龍 👷🏽‍♀️ مريم");
      expect(lead?.condominium).toBe("Edifício São Paulo 🏢");
      expect(lead?.message).toBe("Linha 1\nLinha 2\n\tcom tab");
    });

    it("stores a lone surrogate as the replacement character instead of failing", async () => {
      const email = "surrogate@exemplo.com.br";
      const answer = await submit(
        { ...validQuote, email, message: "texto \uD800 quebrado" },
        { clientIp: freshIp() },
      );
      expect(answer.status).toBe(200);
      expect((await leadByEmail(email))[0]?.message).toBe("texto \uFFFD quebrado");
    });

    it("refuses a name made only of invisible or control characters, emoji or digits", async () => {
      for (const name of ["\u200B\u200B", "\u0000\u0001", "\u202E", "🏢🏢", "12345"]) {
        const answer = await submit({ ...validQuote, name }, { clientIp: freshIp() });
        expect(answer.status, JSON.stringify(name)).toBe(400);
        expect(answer.data.fieldErrors.name).toMatch(/^Informe seu nome/);
      }
    });

    it("stores HTML and script as plain text", async () => {
      const email = "html@exemplo.com.br";
      const html = {
        name: `<script>alert("nome")</script> Maria`,
        phone: "<b>41</b> 99999-0000",
        condominium: `<img src=x onerror="alert(1)">`,
        message: `</textarea><script>alert('msg')</script>&amp; "aspas"`,
      };
      const answer = await submit({ ...validQuote, ...html, email }, { clientIp: freshIp() });
      expect(answer.status).toBe(200);
      const [lead] = await leadByEmail(email);
      expect(lead).toMatchObject(html);
    });

    it("refuses HTML where only a fixed value fits (service)", async () => {
      const answer = await submit(
        { ...validQuote, service: "<script>alert(1)</script>" },
        { clientIp: freshIp() },
      );
      expect(answer.status).toBe(400);
      expect(answer.data.values.service).toBe("<script>alert(1)</script>");
    });
  });

  describe("origin", () => {
    it("refuses a post from another site with 403 and stores nothing", async () => {
      const before = await counts();
      const answer = await callAction(
        quoteRequest(await formBody(validQuote), { headers: { Origin: "https://evil.example" } }),
        freshIp(),
      );
      expect(answer.status).toBe(403);
      expect(answer.data.toast.description).toBe(FOREIGN_ORIGIN_MESSAGE);
      expect(FOREIGN_ORIGIN_MESSAGE).toBe("Requisição recusada: origem não permitida.");
      const viaReferer = await callAction(
        new Request(`${ORIGIN}/contato`, {
          method: "POST",
          headers: {
            Referer: "https://evil.example/form",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: await formBody(validQuote),
        }),
        freshIp(),
      );
      expect(viaReferer.status).toBe(403);
      expect(await counts()).toEqual(before);
    });
  });

  describe("spam defences", () => {
    it("gives the form a token that must be a few seconds old", async () => {
      const token = await loadFormToken();
      expect(await checkFormToken(token, 0)).toMatchObject({ ok: true });
      expect(await checkFormToken(token, 3000)).toEqual({ ok: false, reason: "too-fast" });
      expect(await checkFormToken(token, 3000, Date.now() + 3500)).toMatchObject({ ok: true });
      // A page served from a cache carries an older token: it only passes more easily.
      expect(
        await checkFormToken(await createFormToken(Date.now() - 30 * 24 * 3600_000), 3000),
      ).toMatchObject({
        ok: true,
      });
    });

    it("refuses a form sent faster than a person can fill it, keeping the values and the token", async () => {
      const email = "rapido@exemplo.com.br";
      const token = await createFormToken();
      const answer = await submit({ ...validQuote, email }, { clientIp: freshIp(), token });
      expect(answer.status).toBe(400);
      expect(answer.data.outcome).toBe("spam-check");
      expect(answer.data.toast.description).toContain("rápido demais");
      expect(answer.data.toast.description).toContain("(41) 99876-5432");
      expect(answer.data.values.email).toBe(email);
      expect(answer.data.formToken).toBe(token);
      expect(await leadByEmail(email)).toHaveLength(0);

      // The same token, once old enough, goes through.
      configureWith({ QUOTE_MIN_FILL_SECONDS: "0" });
      const again = await submit({ ...validQuote, email }, { clientIp: freshIp(), token });
      expect(again.status).toBe(200);
      expect(await leadByEmail(email)).toHaveLength(1);
    });

    it("refuses a missing or forged token and hands out a fresh one", async () => {
      for (const token of [
        "",
        "v1.abc.forged",
        "garbage",
        `v1.${Date.now().toString(36)}.${"A".repeat(43)}`,
      ]) {
        const answer = await submit(validQuote, { clientIp: freshIp(), token });
        expect(answer.status, token).toBe(400);
        expect(answer.data.toast.description).toContain(
          "Não foi possível confirmar o envio deste formulário",
        );
        expect(await checkFormToken(answer.data.formToken, 0)).toMatchObject({ ok: true });
      }
    });

    it("refuses a filled honeypot with a clear message, keeping the values but not the trap", async () => {
      const email = "robo@exemplo.com.br";
      const answer = await submit(
        { ...validQuote, email, website: "http://spam.example" },
        { clientIp: freshIp() },
      );
      expect(answer.status).toBe(400);
      expect(answer.data.outcome).toBe("spam-check");
      expect(answer.data.toast.description).toContain(
        "Não foi possível confirmar que o pedido foi enviado por uma pessoa",
      );
      expect(answer.data.toast.description).toContain("(41) 99876-5432");
      expect(answer.data.values).not.toHaveProperty("website");
      expect(answer.data.values.email).toBe(email);
      expect(await leadByEmail(email)).toHaveLength(0);
    });

    it("limits requests per address per hour with 429, a message and the values kept", async () => {
      configureWith({ QUOTE_RATE_LIMIT_PER_HOUR: "2" });
      const ip = freshIp();
      for (const n of [1, 2]) {
        const answer = await submit({ ...validQuote, email: `limite${n}@exemplo.com.br` }, { clientIp: ip });
        expect(answer.status).toBe(200);
      }
      const refused = await submit({ ...validQuote, email: "limite3@exemplo.com.br" }, { clientIp: ip });
      expect(refused.status).toBe(429);
      expect(refused.data.outcome).toBe("rate-limited");
      expect(refused.headers.get("Retry-After")).toBe("3600");
      expect(refused.data.toast.description).toBe(
        "Recebemos muitos pedidos deste endereço na última hora. Tente novamente mais tarde ou fale conosco pelo telefone (41) 99876-5432.",
      );
      expect(refused.data.values.email).toBe("limite3@exemplo.com.br");
      expect(await leadByEmail("limite3@exemplo.com.br")).toHaveLength(0);
      // Another address is not affected; refused and invalid posts do not count.
      expect(
        (await submit({ ...validQuote, email: "outro@exemplo.com.br" }, { clientIp: freshIp() })).status,
      ).toBe(200);
    });

    it("lets exactly the limit through when twenty posts from one address arrive at once", async () => {
      // QUOTE_RATE_LIMIT_PER_HOUR is not set: the default, 5.
      const ip = freshIp();
      const emails = Array.from({ length: 20 }, (_, i) => `simultaneo${i}@exemplo.com.br`);
      const answers = await Promise.all(
        emails.map((email) => submit({ ...validQuote, email }, { clientIp: ip })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      for (const answer of answers.filter((candidate) => candidate.status === 429)) {
        expect(answer.data.toast.description).toBe(
          "Recebemos muitos pedidos deste endereço na última hora. Tente novamente mais tarde ou fale conosco pelo telefone (41) 99876-5432.",
        );
      }
      const db = await database();
      const stored = await db.selectFrom("leads").select("email").where("email", "in", emails).execute();
      expect(stored).toHaveLength(5);
      // The address stays at its limit afterwards.
      expect((await submit({ ...validQuote, email: "depois@exemplo.com.br" }, { clientIp: ip })).status).toBe(
        429,
      );
    });

    it("counts IPv6 addresses per /64, and an IPv4-mapped address as the IPv4 one", async () => {
      configureWith({ QUOTE_RATE_LIMIT_PER_HOUR: "1" });
      const prefix = `2001:db8:${++ipCounter}:7`;
      expect(
        (await submit({ ...validQuote, email: "v6a@exemplo.com.br" }, { clientIp: `${prefix}::1` })).status,
      ).toBe(200);
      const sameNetwork = await submit(
        { ...validQuote, email: "v6b@exemplo.com.br" },
        { clientIp: `${prefix}:ffff:ffff:ffff:1234` },
      );
      expect(sameNetwork.status).toBe(429);
      expect(
        (
          await submit(
            { ...validQuote, email: "v6c@exemplo.com.br" },
            { clientIp: `2001:db8:${ipCounter}:8::1` },
          )
        ).status,
      ).toBe(200);

      const v4 = freshIp();
      expect((await submit({ ...validQuote, email: "v4a@exemplo.com.br" }, { clientIp: v4 })).status).toBe(
        200,
      );
      expect(
        (await submit({ ...validQuote, email: "v4b@exemplo.com.br" }, { clientIp: `::ffff:${v4}` })).status,
      ).toBe(429);
    });

    it("caps the requests stored from everyone together: 429 with the phone and WhatsApp, nothing stored", async () => {
      const db = await database();
      // An hour of its own: earlier tests' requests do not count towards this cap.
      await db.deleteFrom("rate_limit_events").execute();
      configureWith({ QUOTE_GLOBAL_LIMIT_PER_HOUR: "3" });
      const before = await counts();
      const emails = Array.from({ length: 8 }, (_, i) => `enxurrada${i}@exemplo.com.br`);
      const answers = await Promise.all(
        emails.map((email) => submit({ ...validQuote, email }, { clientIp: freshIp() })),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(5);
      for (const answer of refused) {
        expect(answer.data.outcome).toBe("rate-limited");
        expect(answer.data.toast.title).toBe("Erro ao enviar mensagem");
        expect(answer.data.toast.description).toBe(
          "Recebemos um número incomum de pedidos na última hora e não conseguimos registrar o seu agora. Fale conosco pelo telefone ou WhatsApp (41) 99876-5432, ou tente novamente mais tarde.",
        );
        expect(answer.headers.get("Retry-After")).toBe("3600");
        expect(answer.data.values.email).toMatch(/^enxurrada\d@/);
      }
      expect(await counts()).toEqual({ leads: before.leads + 3, outbox: before.outbox + 3 });
      const stored = await db.selectFrom("leads").select("email").where("email", "in", emails).execute();
      expect(stored).toHaveLength(3);
    });

    it("does not count invalid posts towards the limit", async () => {
      configureWith({ QUOTE_RATE_LIMIT_PER_HOUR: "1" });
      const ip = freshIp();
      for (let i = 0; i < 3; i++)
        expect((await submit({ ...validQuote, email: "x" }, { clientIp: ip })).status).toBe(400);
      expect((await submit({ ...validQuote, email: "conta@exemplo.com.br" }, { clientIp: ip })).status).toBe(
        200,
      );
    });
  });

  describe("database failure", () => {
    it("answers 503 with the failure toast, keeps the values and leaves no half-written request", async () => {
      const db = await database();
      const email = "falha@exemplo.com.br";
      const ip = freshIp();
      // The outbox insert fails (its table is gone), after the lead insert in the same transaction.
      await sql`ALTER TABLE outbox RENAME TO outbox_away`.execute(db);
      try {
        const answer = await submit({ ...validQuote, email }, { clientIp: ip });
        expect(answer.status).toBe(503);
        expect(answer.data.outcome).toBe("unavailable");
        expect(answer.data.toast).toEqual(QUOTE_FAILURE_TOAST);
        expect(answer.data.toast.title).toBe("Erro ao enviar mensagem");
        expect(answer.data.toast.description).toBe(
          "Ocorreu um erro. Tente novamente ou entre em contato por telefone.",
        );
        expect(answer.data.values).toMatchObject({ ...validQuote, email });
      } finally {
        await sql`ALTER TABLE outbox_away RENAME TO outbox`.execute(db);
      }
      expect(await leadByEmail(email)).toHaveLength(0);
      // And once the database is back, the same submission goes through: the failed one was
      // not counted against the address.
      configureWith({ QUOTE_RATE_LIMIT_PER_HOUR: "1" });
      expect((await submit({ ...validQuote, email }, { clientIp: ip })).status).toBe(200);
    });
  });
});
