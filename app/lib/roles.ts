// Who may do what in the admin, in one place: a role maps to capabilities, and the guards ask
// for a capability (never a role name). An Editor writes and illustrates the site (posts,
// categories, works, services, the home page, media, redirects) but never sees personal data:
// quote requests, the team's accounts, the company settings and the audit log are the
// Administrador's alone.

export const ROLES = ["admin", "editor"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: "Administrador", editor: "Editor" };

export const CAPABILITIES = [
  "content.write",
  "leads.read",
  "leads.manage",
  "users.manage",
  "settings.manage",
  "personal-data.manage",
  "audit.read",
] as const;
/**
 * content.write: posts, categories, works, services, home, media, redirects and one's own account.
 * personal-data.manage: the LGPD requests (/admin/titulares): find, export and erase a person.
 */
export type Capability = (typeof CAPABILITIES)[number];

const roleCapabilities: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES,
  editor: ["content.write"],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** An unknown role in the database gets the least access, never more. */
export function roleOf(value: string): Role {
  return isRole(value) ? value : "editor";
}

export function roleCan(role: Role, capability: Capability): boolean {
  return roleCapabilities[role].includes(capability);
}

export const FORBIDDEN_MESSAGE =
  "Acesso restrito: sua conta não tem permissão para esta área. Peça a um administrador se precisar dela.";
