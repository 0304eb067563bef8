import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Role } from "~/lib/roles";
import type { CurrentSession } from "~/server/accounts/sessions.server";
import { companyDefaults } from "~/server/settings/company-defaults.server";
import { saveSettings } from "~/server/settings/settings-commands.server";
import { settingsFormValues } from "~/server/settings/settings-form.server";
import { companySettingsInForce, siteSettings } from "~/server/settings/site-settings.server";
import { withAuditFailing } from "../support/audit-failing";
import { memoWatchedSite } from "../support/memo-watched-site";
import { testEngines } from "../support/test-database";

// Saving the company settings is a command of the settings domain (docs/decisions/0080,
// 0082): the row and its audit entry commit together or not at all, a refused save writes
// neither, and the one memoised read shows what was saved on this instance's next read. The
// audit insert is made to fail for real: the audit table is renamed away while the command runs.

const actor = (role: Role = "admin"): CurrentSession => ({
  user: { id: randomUUID(), email: `dona-${randomUUID().slice(0, 8)}@exemplo.com.br`, name: "Dona", role },
  idHash: "h",
  authenticatedAt: null,
});

/** The form as the page sends it with nothing changed, then with `changes`. */
function form(changes: Record<string, string> = {}): URLSearchParams {
  const fields = new URLSearchParams(
    settingsFormValues(
      companySettingsInForce({
        site: companyDefaults(),
        quoteRecipients: undefined,
        visitorConfirmation: { enabled: true, text: "Recebemos o seu pedido." },
      }),
    ),
  );
  for (const [name, value] of Object.entries(changes)) fields.set(name, value);
  return fields;
}

/** Runs `command` while no audit entry can be written; what it threw ("no error" if nothing). */
describe.each(testEngines())("settings commands on $name", (engine) => {
  const running = memoWatchedSite(engine);

  async function stored() {
    const db = running.other.db;
    const row = await db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "company")
      .executeTakeFirst();
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_type", "=", "settings")
      .execute();
    return { row: row ? JSON.parse(row.value) : undefined, audit };
  }

  afterEach(async () => {
    await running.other.db.deleteFrom("settings").where("key", "=", "company").execute();
    await running.other.db.deleteFrom("audit_log").where("target_type", "=", "settings").execute();
    await running.nextRequest();
  });

  it("saves every setting with its audit entry, and the one read shows it at once", async () => {
    await running.nextRequest();
    const before = await siteSettings();
    expect(before.site.whatsappDigits).toBe(companyDefaults().whatsappDigits);

    const outcome = await saveSettings(actor(), {
      fields: form({ whatsappDigits: "(41) 91234-5678", name: "Outra Engenharia Predial" }),
    });
    expect(outcome).toEqual({
      kind: "done",
      toast: { title: "Configurações salvas!", description: "O site já mostra os novos dados da empresa." },
      redirectTo: "/admin/configuracoes",
    });
    const { row, audit } = await stored();
    expect(row).toMatchObject({ whatsappDigits: "5541912345678", name: "Outra Engenharia Predial" });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe("settings.update");
    const details = audit[0]?.details;
    expect(typeof details === "string" ? JSON.parse(details) : details).toMatchObject({
      name: { before: companyDefaults().name, after: "Outra Engenharia Predial" },
      whatsappDigits: { after: "5541912345678" },
    });

    // No waiting for the feed: this instance forgot its memo when the save committed.
    const after = await siteSettings();
    expect(after).not.toBe(before);
    expect(after.site.whatsappDigits).toBe("5541912345678");
    expect(after.site.shortName).toBe("Outra");
    await running.nextRequest();
    expect(await siteSettings()).toBe(await siteSettings());
    expect((await siteSettings()).site.name).toBe("Outra Engenharia Predial");
  });

  it("says so in the toast when the WhatsApp number looks like a fixed line", async () => {
    const outcome = await saveSettings(actor(), { fields: form({ whatsappDigits: "(41) 3030-4040" }) });
    expect(outcome).toMatchObject({
      kind: "done",
      toast: { description: expect.stringContaining("O site já mostra os novos dados da empresa. Atenção:") },
    });
  });

  it("writes nothing when the audit entry cannot be written, and the read keeps the old facts", async () => {
    await running.nextRequest();
    const before = await siteSettings();
    expect(
      await withAuditFailing(() => saveSettings(actor(), { fields: form({ name: "Nunca Salva Ltda" }) })),
    ).toBeInstanceOf(Error);
    expect(await stored()).toEqual({ row: undefined, audit: [] });
    await running.nextRequest();
    expect((await siteSettings()).site.name).toBe(before.site.name);
  });

  it("writes neither the settings nor an entry when it refuses, and gives back what was sent", async () => {
    const outcome = await saveSettings(actor(), {
      fields: form({ email: "não é e-mail", postalCode: "123", name: "Recusada".repeat(40) }),
    });
    expect(outcome).toMatchObject({
      kind: "refused",
      message: "Nada foi salvo. Verifique os campos destacados.",
      fieldErrors: {
        email: "Informe um e-mail válido, como contato@empresa.com.br.",
        postalCode: "Informe o CEP no formato 00000-000.",
        name: "O nome pode ter no máximo 120 caracteres.",
      },
      values: { email: "não é e-mail", postalCode: "123", name: "Recusada".repeat(40).slice(0, 120) },
    });
    expect(await stored()).toEqual({ row: undefined, audit: [] });
  });

  it("refuses an Editor: the company settings are the Administrador's", async () => {
    expect(await saveSettings(actor("editor"), { fields: form({ name: "Do Editor Ltda" }) })).toMatchObject({
      kind: "forbidden",
    });
    expect(await stored()).toEqual({ row: undefined, audit: [] });
  });
});
