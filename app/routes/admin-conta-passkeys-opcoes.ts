import { requireAdminAction } from "~/route-support/admin-guard.server";
import {
  hasRecentAuthentication,
  REAUTHENTICATION_REQUIRED_MESSAGE,
  registrationOptions,
} from "~/server/accounts/index.server";
import { siteSettings } from "~/server/settings/index.server";
import type { Route } from "./+types/admin-conta-passkeys-opcoes";

/**
 * The options (and a fresh challenge) for the browser to create a passkey for this account,
 * only for a session whose user typed the password (or a second factor) lately.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  if (!hasRecentAuthentication(session))
    return Response.json({ error: REAUTHENTICATION_REQUIRED_MESSAGE }, { status: 403 });
  const siteName = (await siteSettings(context)).site.name;
  return Response.json(await registrationOptions(request, session.user, siteName));
}
