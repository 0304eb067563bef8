import { redirect } from "react-router";
import { assertSameOrigin } from "~/server/accounts/cross-site.server";
import { destroySession, getSession } from "~/server/accounts/sessions.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import type { Route } from "./+types/admin-sair";

/**
 * 'Sair': delete the session on the server, forget the cookie, go home; and have the browser
 * drop whatever it kept of the admin (cached pages, cookies, storage), on a shared computer too.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = await getSession(request);
  if (session) await recordAudit(session, { action: "signin.signout" });
  throw redirect("/", {
    headers: {
      "Set-Cookie": await destroySession(request),
      "Clear-Site-Data": '"cache", "cookies", "storage"',
    },
  });
}

export function loader() {
  throw redirect("/admin");
}
