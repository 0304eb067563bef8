import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type CompanySettings, defaultSite, defaultVisitorConfirmation } from "~/lib/company-settings";
import { localBusinessJsonLd } from "~/lib/structured-data";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { database } from "~/server/db/database.server";
import { mailConfigFromEnv } from "~/server/email/mail-config.server";
import { type OutboxWorker, startOutboxWorker } from "~/server/email/outbox-worker.server";
import { companyDefaults } from "~/server/settings/company-defaults.server";
import { parseSettingsForm, settingsFormValues } from "~/server/settings/settings-form.server";
import {
  companySettingsInForce,
  saveCompanySettings,
  siteSettings,
} from "~/server/settings/site-settings.server";
import { memoWatchedSite } from "../support/memo-watched-site";
import { submit, validQuote } from "../support/quote-requests";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { testEngines } from "../support/test-database";

// The company facts the owner saves in /admin/configuracoes: stored in one row, memoised per
// content version, and seen by every instance on its next request, whoever changed them; the
// quote e-mail goes to the saved recipients. On every database engine.

/** The settings a valid form post gives: the defaults with the changes asked for. */
function settings(changes: Partial<CompanySettings> = {}): CompanySettings {
  return {
    ...companySettingsInForce({
      site: companyDefaults(),
      quoteRecipients: undefined,
      visitorConfirmation: defaultVisitorConfirmation,
    }),
    cnpj: "11.222.333/0001-81",
    ...changes,
  };
}

/** Write the settings row as another instance (or a SQL console) would. */
async function writeFrom(db: DatabaseHandle["db"], value: CompanySettings | string) {
  const json = typeof value === "string" ? value : JSON.stringify(value);
  const updatedAt = new Date().toISOString();
  await db
    .insertInto("settings")
    .values({ key: "company", value: json, updated_at: updatedAt })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: updatedAt }))
    .execute();
}

describe.each(testEngines())("company settings on $name", (engine) => {
  const running = memoWatchedSite(engine);
  const { nextRequest } = running;
  const announced: string[][] = [];

  beforeAll(() => {
    running.changes.subscribe((change) => announced.push(change === "everything" ? ["*"] : change.tags));
  });
  afterEach(async () => {
    await running.other.db.deleteFrom("settings").where("key", "=", "company").execute();
    await nextRequest();
  });

  it("without saved settings, shows exactly the defaults and the environment's", async () => {
    const current = await siteSettings();
    expect(current.site).toEqual(companyDefaults());
    expect(current.quoteRecipients).toBeUndefined();
    expect(localBusinessJsonLd(current.site)).toEqual(localBusinessJsonLd(defaultSite));
  });

  it("keeps the same value, without reading again, until the settings change", async () => {
    await nextRequest();
    const first = await siteSettings();
    await nextRequest();
    expect(await siteSettings()).toBe(first);
    // Another row of the table (the quote form's secret) is no company fact.
    await running.other.db
      .insertInto("settings")
      .values({ key: "outra_coisa", value: "x", updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: "y" }))
      .execute();
    await nextRequest();
    expect(await siteSettings()).toBe(first);
  });

  it("sees a change another instance made on its next request, and announces it to the render cache", async () => {
    await nextRequest();
    const before = await siteSettings();
    expect(before.site.whatsappDigits).toBe(defaultSite.whatsappDigits);
    announced.length = 0;

    await writeFrom(
      running.other.db,
      settings({ whatsappDigits: "5541911112222", name: "Outra Engenharia Predial" }),
    );
    await nextRequest();
    const after = await siteSettings();
    expect(after).not.toBe(before);
    expect(after.site.whatsappDigits).toBe("5541911112222");
    expect(after.site.name).toBe("Outra Engenharia Predial");
    expect(after.site.shortName).toBe("Outra");
    expect(announced).toEqual([["site"]]);

    announced.length = 0;
    await running.other.db.deleteFrom("settings").where("key", "=", "company").execute();
    await nextRequest();
    expect((await siteSettings()).site).toEqual(companyDefaults());
    expect(announced).toEqual([["site"]]);
  });

  it("saves a valid form in one row and this instance shows it on its next request", async () => {
    await nextRequest();
    await siteSettings();
    const form = new URLSearchParams(settingsFormValues(settings()));
    form.set("whatsappDigits", "+55 (41) 93333-4444");
    form.set("postalCode", "80010000");
    form.set("hoursSaturday", "");
    form.set("hoursSunday", "9h às 13h");
    form.set("hoursMonday", "08:00-12:00, 13:00-18:00");
    form.set("instagram", "https://www.instagram.com/alvorada");
    form.set("quoteRecipients", "obras@alvorada.test\ncomercial@alvorada.test");
    const parsed = parseSettingsForm(form);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    await saveCompanySettings(parsed.settings);

    const rows = await running.other.db
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "=", "company")
      .execute();
    expect(rows).toHaveLength(1);
    const { site, quoteRecipients } = await siteSettings();
    expect(site.whatsappDigits).toBe("5541933334444");
    expect(site.address.postalCode).toBe("80010-000");
    expect(quoteRecipients).toEqual(["obras@alvorada.test", "comercial@alvorada.test"]);
    const jsonLd = localBusinessJsonLd(site);
    expect(jsonLd.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday"],
        opens: "08:00",
        closes: "12:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday"],
        opens: "13:00",
        closes: "18:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "09:00", closes: "13:00" },
    ]);
    expect(jsonLd.sameAs).toEqual(["https://www.instagram.com/alvorada"]);
  });

  it("falls back to the default of a stored value that does not fit, and survives a row that is not JSON", async () => {
    await writeFrom(
      running.other.db,
      JSON.stringify({
        ...settings({ whatsappDigits: "5541955556666" }),
        email: "não é e-mail",
        hours: "sempre",
        social: { instagram: "javascript:alert(1)", facebook: "", linkedin: "", youtube: "" },
      }),
    );
    await nextRequest();
    const { site } = await siteSettings();
    expect(site.whatsappDigits).toBe("5541955556666");
    expect(site.email).toBe(defaultSite.email);
    expect(site.hours).toEqual(defaultSite.hours);
    expect(site.social.instagram).toBe("");

    await writeFrom(running.other.db, "{ quebrado");
    await nextRequest();
    expect((await siteSettings()).site).toEqual(companyDefaults());
  });

  describe("the quote e-mail", () => {
    let smtp: SmtpSink;
    let worker: OutboxWorker | undefined;
    let ip = 0;

    beforeAll(async () => {
      smtp = await startSmtpSink();
    });
    afterEach(async () => {
      await worker?.stop();
      worker = undefined;
      smtp.messages.length = 0;
      const db = await database();
      await db.deleteFrom("leads").execute();
    });
    afterAll(async () => {
      await smtp.close();
    });

    function startWorker() {
      const mail = mailConfigFromEnv({ ...smtp.env, LEADS_TO: "ambiente@alvorada.test" }, defaultSite);
      if (!mail.enabled) throw new Error("mail should be on");
      worker = startOutboxWorker({ mail, pollIntervalMs: 50, log: () => undefined });
    }

    it("goes to LEADS_TO until recipients are saved, then to the saved ones, even for a request already waiting", async () => {
      startWorker();
      expect((await submit(validQuote, { clientIp: `192.0.2.${++ip}` })).status).toBe(200);
      const [first] = await smtp.waitForMessages(1);
      expect(first?.envelopeTo).toEqual(["ambiente@alvorada.test"]);
      await worker?.stop();

      // A request waits (no worker), then the owner changes who receives them.
      expect(
        (await submit({ ...validQuote, email: "esperando@exemplo.com.br" }, { clientIp: `192.0.2.${++ip}` }))
          .status,
      ).toBe(200);
      await saveCompanySettings(settings({ quoteRecipients: ["obras@alvorada.test", "dono@alvorada.test"] }));
      await nextRequest();
      startWorker();
      const [, second] = await smtp.waitForMessages(2);
      expect(second?.envelopeTo).toEqual(["obras@alvorada.test", "dono@alvorada.test"]);
      expect(second?.headers.get("to")).toBe("obras@alvorada.test, dono@alvorada.test");
      expect(second?.headers.get("reply-to")).toContain("esperando@exemplo.com.br");
    });

    it("offers and accepts only the saved service options", async () => {
      await saveCompanySettings(settings({ quoteServices: ["Impermeabilização", "Reforma de telhado"] }));
      await nextRequest();
      const accepted = await submit(
        { ...validQuote, service: "Reforma de telhado", email: "telhado@exemplo.com.br" },
        { clientIp: `192.0.2.${++ip}` },
      );
      expect(accepted.status).toBe(200);
      const refused = await submit(
        { ...validQuote, service: "Lavagem de Fachadas", email: "lavagem@exemplo.com.br" },
        { clientIp: `192.0.2.${++ip}` },
      );
      expect(refused.status).toBe(400);
      expect(refused.data.fieldErrors.service).toBe("Escolha um dos serviços da lista.");
    });
  });
});

describe("the settings form", () => {
  const valid = () => new URLSearchParams(settingsFormValues(settings()));

  it("accepts the values in force, with a real CNPJ", () => {
    expect(parseSettingsForm(valid())).toMatchObject({ ok: true });
  });

  it("keeps the demo's placeholder CNPJ when it is left as it is, but refuses it typed anew", () => {
    const form = valid();
    form.set("cnpj", defaultSite.cnpj);
    // Its check digits are not valid: an owner who only changes the WhatsApp is not stopped.
    expect(parseSettingsForm(form, { cnpj: defaultSite.cnpj })).toMatchObject({
      ok: true,
      settings: { cnpj: defaultSite.cnpj },
    });
    expect(parseSettingsForm(form, { cnpj: "11.222.333/0001-81" })).toEqual({
      ok: false,
      fieldErrors: {
        cnpj: "Informe um CNPJ válido, como 11.222.333/0001-81 (confira os dígitos verificadores).",
      },
    });
    form.set("cnpj", "12abc34501de35");
    expect(parseSettingsForm(form, { cnpj: defaultSite.cnpj })).toMatchObject({
      ok: true,
      settings: { cnpj: "12.ABC.345/01DE-35" },
    });
  });

  it("a WhatsApp or phone number typed as an owner writes it gets Brazil's code, never a foreign one", () => {
    const form = valid();
    form.set("whatsappDigits", "(41) 98888-7777");
    form.set("phoneDisplay", "(41) 3333-4444");
    expect(parseSettingsForm(form, { cnpj: defaultSite.cnpj })).toMatchObject({
      ok: true,
      settings: {
        whatsappDigits: "5541988887777",
        phoneDisplay: "(41) 3333-4444",
        phoneDigits: "554133334444",
      },
    });
  });

  it("the phone is typed once: the call links' digits come from it, and a foreign +code is kept", () => {
    const form = valid();
    expect(form.has("phoneDigits")).toBe(false);
    form.set("phoneDisplay", "+351 21 123 4567");
    expect(parseSettingsForm(form, { cnpj: defaultSite.cnpj })).toMatchObject({
      ok: true,
      settings: { phoneDisplay: "+351 21 123 4567", phoneDigits: "351211234567" },
    });
  });

  it("the same fact is typed once: an empty WhatsApp is the phone, an empty privacy e-mail the contact one", () => {
    const form = valid();
    form.set("phoneDisplay", "(41) 3333-4444");
    form.set("whatsappDigits", "");
    form.set("email", "contato@alvorada.test");
    form.set("privacyEmail", "");
    const parsed = parseSettingsForm(form, { cnpj: defaultSite.cnpj });
    expect(parsed).toMatchObject({
      ok: true,
      settings: {
        phoneDigits: "554133334444",
        whatsappDigits: "554133334444",
        privacyContact: { email: "contato@alvorada.test" },
      },
    });
    if (!parsed.ok) return;
    // Shown again, the repeated facts are empty fields; another WhatsApp number shows as it is.
    expect(settingsFormValues(parsed.settings)).toMatchObject({ whatsappDigits: "", privacyEmail: "" });
    expect(settingsFormValues({ ...parsed.settings, whatsappDigits: "5541988887777" }).whatsappDigits).toBe(
      "5541988887777",
    );
  });

  it.each([
    [
      "phoneDisplay",
      "(41) 9999",
      "Informe o telefone com DDD, como (41) 99876-5432 (de outro país, com + e o código dele).",
    ],
    [
      "whatsappDigits",
      "55 41 9abc8765432",
      "Informe o número do WhatsApp com DDD, como (41) 99876-5432, ou deixe vazio para usar o telefone.",
    ],
    [
      "phoneDisplay",
      "ligue já",
      "Informe o telefone com DDD, como (41) 99876-5432 (de outro país, com + e o código dele).",
    ],
    ["postalCode", "8230-5100", "Informe o CEP no formato 00000-000."],
    ["email", "contato@", "Informe um e-mail válido, como contato@empresa.com.br."],
    [
      "privacyEmail",
      "privacidade",
      "Informe o e-mail para assuntos de privacidade, como privacidade@empresa.com.br, ou deixe vazio para usar o de contato.",
    ],
    [
      "instagram",
      "http://www.instagram.com/alvorada",
      "Informe o endereço completo, começando com https://, como https://www.instagram.com/empresa. Deixe vazio se a empresa não tem.",
    ],
    [
      "youtube",
      "javascript:alert(1)",
      expect.stringMatching(/^Informe o endereço completo, começando com https:\/\//),
    ],
    ["state", "XX", "Escolha o estado (UF)."],
    ["hoursTuesday", "o dia todo", expect.stringMatching(/^Terça: use o formato 08:00-18:00/)],
    [
      "quoteRecipients",
      "obras@alvorada.test\nnão-é-email",
      "“não-é-email” não é um e-mail válido. Informe um e-mail por linha.",
    ],
    ["quoteRecipients", "  \n ", "Informe ao menos um e-mail para receber os pedidos de orçamento."],
    ["quoteServices", "\n\n", "Informe ao menos um serviço, um por linha."],
    ["quoteServices", "Pintura\npintura", "“pintura” aparece mais de uma vez."],
    ["name", "", "Informe o nome da empresa."],
    ["name", "x".repeat(10_000), "O nome pode ter no máximo 120 caracteres."],
    ["whatsappMessage", "x".repeat(10_000), "A mensagem pode ter no máximo 300 caracteres."],
    ["street", "x".repeat(10_000), "O logradouro pode ter no máximo 160 caracteres."],
    ["quoteServices", "x".repeat(10_000), "A lista pode ter no máximo 2.000 caracteres."],
    ["hoursMonday", "8".repeat(10_000), "Segunda: use no máximo 100 caracteres."],
  ])("refuses %s = %j with a pt-BR message beside it", (field, value, message) => {
    const form = valid();
    form.set(field, value);
    const parsed = parseSettingsForm(form);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fieldErrors).toEqual({ [field]: message });
  });
});
