import { useRouteLoaderData } from "react-router";
import type { Role } from "./roles";
import type { Toast } from "./toast";

/** What the admin layout's loader reads once per request for every admin page. */
export interface AdminShellData {
  user: { email: string; name: string | null; role: Role };
  /** The session's one-time toast (set before a redirect), taken by this request. */
  flash: Toast | null;
}

export const ADMIN_LAYOUT_ROUTE_ID = "routes/admin-layout";

/** The shell's data, for any component under the admin layout. */
export function useAdminShell(): AdminShellData {
  const shell = useRouteLoaderData(ADMIN_LAYOUT_ROUTE_ID) as AdminShellData | undefined;
  // Outside the layout (a component rendered on its own): nobody signed in, nothing to show.
  return shell ?? { user: { email: "", name: null, role: "editor" }, flash: null };
}
