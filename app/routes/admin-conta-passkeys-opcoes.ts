import { requireAdminAction } from "~/server/auth/guard.server";
import { registrationOptions } from "~/server/auth/passkeys.server";
import { siteSettingsFor } from "~/server/site/site-settings.server";
import type { Route } from "./+types/admin-conta-passkeys-opcoes";

/** The options (and a fresh challenge) for the browser to create a passkey for this account. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const siteName = (await siteSettingsFor(context)).site.name;
  return Response.json(await registrationOptions(request, session.user, siteName));
}
