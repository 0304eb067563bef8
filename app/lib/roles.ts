// Who may do what in the admin. An Editor writes and illustrates the site (posts, categories,
// works, services, the home page, media, redirects) but never sees personal data: quote
// requests, the team's accounts and the company settings are the Administrador's alone.

export const ROLES = ["admin", "editor"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: "Administrador", editor: "Editor" };

/** What a page or action needs beyond a session: any team member, or an Administrador. */
export type Permission = "content" | "admin";

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** An unknown role in the database gets the least access, never more. */
export function roleOf(value: string): Role {
  return isRole(value) ? value : "editor";
}

export function roleAllows(role: Role, permission: Permission): boolean {
  return permission === "content" || role === "admin";
}

export const FORBIDDEN_MESSAGE =
  "Acesso restrito a administradores: sua conta (Editor) não pode abrir esta área.";
