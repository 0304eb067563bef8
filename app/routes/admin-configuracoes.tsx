import { AdminPage } from "~/components/admin/admin-page";
import { SettingsForm } from "~/components/admin/settings-form";
import { whatsappLandlineWarning } from "~/lib/phone-digits";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand, type CommandFailure } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  companySettingsInForce,
  saveSettings,
  settingsFormValues,
  siteSettings,
} from "~/server/settings/index.server";
import type { Route } from "./+types/admin-configuracoes";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "settings.manage" });
  const settings = await siteSettings(context);
  return {
    saved: settingsFormValues(companySettingsInForce(settings)),
    whatsappWarning: whatsappLandlineWarning(settings.site.whatsappDigits),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "settings.manage" });
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  return answerCommand(session, await saveSettings(session, { fields: form }));
}

export const meta: Route.MetaFunction = () => [
  { title: "Configurações | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, whatsappWarning } = loaderData;
  const failed = actionData as CommandFailure | undefined;
  return (
    <AdminPage title="Configurações" failure={failed}>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Os dados da empresa que aparecem no site, nos links de WhatsApp, no Google e nos e-mails de orçamento.
        As alterações aparecem no site assim que são salvas.
      </p>
      <SettingsForm saved={saved} failure={failed} whatsappWarning={whatsappWarning ?? undefined} />
    </AdminPage>
  );
}
