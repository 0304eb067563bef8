import { AdminPage } from "~/components/admin/admin-page";
import { SettingsForm } from "~/components/admin/settings-form";
import { whatsappLandlineWarning } from "~/lib/phone-digits";
import type { RouteHandle } from "~/route-handle";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { settingsFormValues, submitSettingsForm } from "~/server/settings/settings-form.server";
import { companySettingsInForce, siteSettingsFor } from "~/server/settings/site-settings.server";
import type { Route } from "./+types/admin-configuracoes";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "settings.manage" });
  const settings = await siteSettingsFor(context);
  return {
    saved: settingsFormValues(companySettingsInForce(settings)),
    whatsappWarning: whatsappLandlineWarning(settings.site.whatsappDigits),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return submitSettingsForm(request, context);
}

export const meta: Route.MetaFunction = () => [
  { title: "Configurações | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, whatsappWarning } = loaderData;
  return (
    <AdminPage title="Configurações" failure={actionData}>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Os dados da empresa que aparecem no site, nos links de WhatsApp, no Google e nos e-mails de orçamento.
        As alterações aparecem no site assim que são salvas.
      </p>
      <SettingsForm saved={saved} failure={actionData} whatsappWarning={whatsappWarning ?? undefined} />
    </AdminPage>
  );
}
