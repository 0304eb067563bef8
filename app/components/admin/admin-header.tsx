import { Form, NavLink, useMatches } from "react-router";
import { Icon } from "~/components/ui/icon";
import { type Permission, type Role, roleAllows, roleOf } from "~/lib/roles";
import { buttonClassName } from "./ui";

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold ${
    isActive
      ? "bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
  }`;

const sections: Array<{ to: string; label: string; permission: Permission; end?: boolean }> = [
  { to: "/admin", label: "Posts", permission: "content", end: true },
  { to: "/admin/categorias", label: "Categorias", permission: "content" },
  { to: "/admin/midia", label: "Mídia", permission: "content" },
  { to: "/admin/obras", label: "Obras", permission: "content" },
  { to: "/admin/servicos", label: "Serviços", permission: "content" },
  { to: "/admin/pagina-inicial", label: "Página inicial", permission: "content" },
  { to: "/admin/solicitacoes", label: "Solicitações de Orçamento", permission: "admin" },
  { to: "/admin/redirecionamentos", label: "Redirecionamentos", permission: "content" },
  { to: "/admin/usuarios", label: "Usuários", permission: "admin" },
  { to: "/admin/configuracoes", label: "Configurações", permission: "admin" },
  { to: "/admin/conta", label: "Minha conta", permission: "content" },
];

/**
 * The signed-in user's role, as the page's loader returned it (every admin loader returns
 * `role`). Only decides which links show: the server checks every request on its own.
 */
function useViewerRole(): Role {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const data = match.loaderData;
    if (data && typeof data === "object" && "role" in data && typeof data.role === "string")
      return roleOf(data.role);
  }
  return "editor";
}

/** Title, the admin's sections and 'Sair' (which ends the session on the server). */
export function AdminHeader({
  title,
  email,
  children,
}: {
  title: string;
  email: string;
  children?: React.ReactNode;
}) {
  const role = useViewerRole();
  return (
    <header className="flex flex-col gap-4 border-b border-slate-200 pb-6 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">Conectado como {email}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {children}
          <Form method="post" action="/admin/sair">
            <button type="submit" className={buttonClassName("secondary")}>
              <Icon name="lock" className="size-4" />
              Sair
            </button>
          </Form>
        </div>
      </div>
      <nav aria-label="Seções do painel">
        <ul className="flex flex-wrap gap-1">
          {sections
            .filter((section) => roleAllows(role, section.permission))
            .map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end} className={tab}>
                  {section.label}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
    </header>
  );
}
