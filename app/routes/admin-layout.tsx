import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import type { AdminShellData } from "~/lib/admin-shell";
import type { RouteHandle } from "~/route-handle";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { takeFlash } from "~/server/accounts/index.server";
import type { Route } from "./+types/admin-layout";

// Every admin page's parent (docs/decisions/0051): the guard, the signed-in user and the flash
// message, read once per request, and the shell around the page. The pages' own loaders read
// only what they show; their guards reuse this request's session (admin-guard.server.ts).

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs): Promise<AdminShellData> {
  const session = await requireAdminPage(request);
  const { email, name, role } = session.user;
  return { user: { email, name, role }, flash: await takeFlash(session) };
}

// After any navigation: a flash set by the last action shows on the page it redirected to,
// and a changed role changes the navigation. One session lookup, memoised per request.
export const shouldRevalidate = () => true;

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
