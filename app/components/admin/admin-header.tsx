import { Form, NavLink } from "react-router";
import { Icon } from "~/components/ui/icon";
import { buttonClassName } from "./ui";

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold ${
    isActive
      ? "bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
  }`;

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
          <li>
            <NavLink to="/admin" end className={tab}>
              Posts
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/categorias" className={tab}>
              Categorias
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/midia" className={tab}>
              Mídia
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/obras" className={tab}>
              Obras
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/servicos" className={tab}>
              Serviços
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/pagina-inicial" className={tab}>
              Página inicial
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/solicitacoes" className={tab}>
              Solicitações de Orçamento
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/redirecionamentos" className={tab}>
              Redirecionamentos
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/configuracoes" className={tab}>
              Configurações
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
