import { type Capability, type Role, roleCan } from "./roles";

// The admin's sections, grouped by what the owner does. Which items show depends on the role
// (see ./roles); the server checks every request on its own, this only spares a dead end.

export interface AdminNavItem {
  to: string;
  label: string;
  can: Capability;
}

export interface AdminNavGroup {
  /** Shown above the group's items; none for a group of one item (Início, Minha conta). */
  label?: string;
  items: AdminNavItem[];
}

export const ADMIN_HOME_PATH = "/admin/inicio";

export const adminNavigation: AdminNavGroup[] = [
  { items: [{ to: ADMIN_HOME_PATH, label: "Início", can: "content.write" }] },
  {
    label: "Conteúdo",
    items: [
      { to: "/admin", label: "Posts", can: "content.write" },
      { to: "/admin/categorias", label: "Categorias", can: "content.write" },
      { to: "/admin/obras", label: "Obras", can: "content.write" },
      { to: "/admin/servicos", label: "Serviços", can: "content.write" },
      { to: "/admin/pagina-inicial", label: "Página inicial", can: "content.write" },
      { to: "/admin/midia", label: "Mídia", can: "content.write" },
    ],
  },
  {
    label: "Solicitações",
    items: [
      { to: "/admin/solicitacoes", label: "Caixa de entrada", can: "leads.read" },
      { to: "/admin/solicitacoes/quadro", label: "Quadro", can: "leads.read" },
      { to: "/admin/solicitacoes/painel", label: "Painel", can: "leads.read" },
      { to: "/admin/solicitacoes/modelos", label: "Modelos de resposta", can: "leads.manage" },
    ],
  },
  {
    label: "Site",
    items: [
      { to: "/admin/configuracoes", label: "Configurações", can: "settings.manage" },
      // An Editor keeps redirects: renaming a published post writes one (docs/decisions/0045).
      { to: "/admin/redirecionamentos", label: "Redirecionamentos", can: "content.write" },
    ],
  },
  {
    label: "Equipe",
    items: [
      { to: "/admin/usuarios", label: "Usuários", can: "users.manage" },
      { to: "/admin/auditoria", label: "Auditoria", can: "audit.read" },
      { to: "/admin/titulares", label: "Titulares (LGPD)", can: "personal-data.manage" },
    ],
  },
  { items: [{ to: "/admin/conta", label: "Minha conta", can: "content.write" }] },
];

/** The groups and items this role may use; a group left empty is dropped. */
export function navigationFor(role: Role): AdminNavGroup[] {
  return adminNavigation
    .map((group) => ({ ...group, items: group.items.filter((item) => roleCan(role, item.can)) }))
    .filter((group) => group.items.length > 0);
}

/**
 * The item a path belongs to: the longest item path that is the path itself or one of its
 * parents, so /admin/solicitacoes/painel is 'Painel', /admin/solicitacoes/42 is 'Caixa de
 * entrada' and /admin/posts/novo is 'Posts'.
 */
export function currentNavItem(groups: AdminNavGroup[], pathname: string): AdminNavItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  let current: AdminNavItem | undefined;
  for (const item of groups.flatMap((group) => group.items)) {
    const within = path === item.to || path.startsWith(`${item.to}/`);
    if (within && item.to.length > (current?.to.length ?? -1)) current = item;
  }
  return current;
}
