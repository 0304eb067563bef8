import { Form, NavLink, useMatches } from "react-router";
import { Icon } from "~/components/ui/icon";
import { type Capability, type Role, roleCan, roleOf } from "~/lib/roles";
import { buttonClassName } from "./ui";

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold ${
    isActive
      ? "bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
  }`;

const sections: Array<{ to: string; label: string; can: Capability; end?: boolean }> = [
  { to: "/admin", label: "Posts", can: "content.write", end: true },
  { to: "/admin/categorias", label: "Categorias", can: "content.write" },
  { to: "/admin/midia", label: "Mídia", can: "content.write" },
  { to: "/admin/obras", label: "Obras", can: "content.write" },
  { to: "/admin/servicos", label: "Serviços", can: "content.write" },
  { to: "/admin/pagina-inicial", label: "Página inicial", can: "content.write" },
  { to: "/admin/solicitacoes", label: "Solicitações de Orçamento", can: "leads.read" },
  { to: "/admin/redirecionamentos", label: "Redirecionamentos", can: "content.write" },
  { to: "/admin/usuarios", label: "Usuários", can: "users.manage" },
  { to: "/admin/configuracoes", label: "Configurações", can: "settings.manage" },
  { to: "/admin/titulares", label: "Titulares (LGPD)", can: "personal-data.manage" },
  { to: "/admin/auditoria", label: "Auditoria", can: "audit.read" },
  { to: "/admin/conta", label: "Minha conta", can: "content.write" },
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
            .filter((section) => roleCan(role, section.can))
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
