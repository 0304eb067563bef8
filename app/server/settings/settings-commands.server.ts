import { whatsappLandlineWarning } from "~/lib/phone-digits";
import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { changedFields } from "../audit/changed-fields.server";
import { auditedChange } from "../commands/audited-change.server";
import { forgetContent } from "../db/content-memo.server";
import type { FormFields } from "../forms/read-form.server";
import { type CommandOutcome, done, forbidden, refused } from "../platform/command-outcome.server";
import { parseSettingsForm, sentSettingsValues } from "./settings-form.server";
import { companySettingsInForce, saveCompanySettings, siteSettings } from "./site-settings.server";

// The company settings, as an admin command (docs/decisions/0080): every field checked before
// anything is written, then all of them saved with their audit entry in one transaction.

const SETTINGS_PATH = "/admin/configuracoes";

export async function saveSettings(
  actor: CurrentSession,
  input: { fields: FormFields },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "settings.manage")) return forbidden();
  const current = await siteSettings();
  const parsed = parseSettingsForm(input.fields, current.site);
  if (!parsed.ok) {
    return refused("Nada foi salvo. Verifique os campos destacados.", {
      fieldErrors: parsed.fieldErrors,
      values: sentSettingsValues(input.fields),
    });
  }
  const { settings } = parsed;
  const outcome = await auditedChange(actor, async (trx) => {
    await saveCompanySettings(settings, trx);
    const landline = whatsappLandlineWarning(settings.whatsappDigits);
    return {
      value: done(
        {
          title: "Configurações salvas!",
          description: landline
            ? `O site já mostra os novos dados da empresa. Atenção: ${landline}`
            : "O site já mostra os novos dados da empresa.",
        },
        SETTINGS_PATH,
      ),
      audit: {
        action: "settings.update",
        target: { type: "settings", label: "Configurações da empresa" },
        details: changedFields({ ...companySettingsInForce(current) }, { ...settings }),
      },
    };
  });
  // Committed: this instance shows the new values on its next request, before the feed says so.
  forgetContent();
  return outcome;
}
