import { redirect } from "react-router";
import { assertSameOrigin, signOut } from "~/server/accounts/index.server";
import type { Route } from "./+types/admin-sair";

/**
 * 'Sair': delete the session on the server, forget the cookie, go home; and have the browser
 * drop whatever it kept of the admin (cached pages, cookies, storage), on a shared computer too.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { setCookie } = await signOut(request);
  throw redirect("/", {
    headers: {
      "Set-Cookie": setCookie,
      "Clear-Site-Data": '"cache", "cookies", "storage"',
    },
  });
}

export function loader() {
  throw redirect("/admin");
}
