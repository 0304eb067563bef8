import { type ReactNode, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { type AdminNavGroup, currentNavItem, navigationFor } from "~/lib/admin-navigation";
import { useAdminShell } from "~/lib/admin-shell";
import { ROLE_LABELS } from "~/lib/roles";
import { useSite } from "~/lib/site-context";

// The admin's frame: a sidebar on a desktop; on a phone, a bar with the page's section, 'Ver o
// site', 'Sair' and a menu (a <details>, so it opens without JavaScript). None of the visitors'
// furniture: no public header, footer, chat button or lead-source script.

// On a desktop the rows are 28 px (a mouse's target, above WCAG's 24 px) so that every section
// fits a 1280 × 800 screen at once; on a phone the menu keeps 44 px rows for a finger.
const itemClassName = (current: boolean) =>
  `flex min-h-11 items-center rounded-md px-3 text-sm font-semibold lg:min-h-7 ${
    current
      ? "bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
  }`;

const barButtonClassName =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

function AdminNavigation({
  groups,
  currentPath,
  onNavigate,
}: {
  groups: AdminNavGroup[];
  currentPath?: string;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Seções do painel">
      <ul className="flex flex-col gap-4 lg:gap-2">
        {groups.map((group) => (
          <li key={group.items[0]?.to}>
            {group.label ? (
              <p className="px-3 pb-1 text-xs font-bold tracking-wide text-slate-600 uppercase lg:pb-0.5 dark:text-slate-400">
                {group.label}
              </p>
            ) : null}
            <ul className="flex flex-col gap-0.5">
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={item.to === currentPath ? "page" : undefined}
                    className={itemClassName(item.to === currentPath)}
                    onClick={onNavigate}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SignOutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/admin/sair">
      <button type="submit" className={className}>
        <Icon name="lock" className="size-4" />
        Sair
      </button>
    </Form>
  );
}

/** `iconOnPhone`: on a phone's top bar the words would take the room of the section's name. */
function SeeSiteLink({ className, iconOnPhone = false }: { className: string; iconOnPhone?: boolean }) {
  return (
    <a href="/" className={className}>
      <Icon name="arrow-left" className="size-4" />
      <span className={iconOnPhone ? "max-sm:sr-only" : undefined}>Ver o site</span>
    </a>
  );
}

export function AdminShell({ children }: { children: ReactNode }) {
  const site = useSite();
  const { user } = useAdminShell();
  const { pathname } = useLocation();
  const groups = navigationFor(user.role);
  const current = currentNavItem(groups, pathname);
  const menu = useRef<HTMLDetailsElement>(null);
  // With JavaScript a link in the phone menu navigates without a new page: close the menu.
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  return (
    <div className="min-h-dvh lg:flex">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Pular para o conteúdo
      </a>
      {/* Every section in sight on a 1280 × 800 screen; on a shorter one they scroll inside the
          sidebar, and 'Ver o site' and 'Sair' stay in sight below them. */}
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-3 border-r border-slate-200 bg-slate-50 px-3 py-4 lg:flex dark:border-slate-800 dark:bg-slate-900">
        <p className="px-3">
          <span className="block font-bold text-slate-900 dark:text-white">{site.name}</span>
          <span className="text-sm text-slate-600 dark:text-slate-400">
            Painel · {ROLE_LABELS[user.role]}
          </span>
        </p>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <AdminNavigation groups={groups} currentPath={current?.to} />
        </div>
        <div className="flex gap-1 border-t border-slate-200 pt-3 dark:border-slate-800">
          <SeeSiteLink className={`flex-1 gap-2 whitespace-nowrap ${itemClassName(false)}`} />
          <SignOutButton className={`gap-2 ${itemClassName(false)}`} />
        </div>
      </aside>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-1 border-b border-slate-200 bg-white px-2 lg:hidden dark:border-slate-800 dark:bg-slate-900">
        <details ref={menu} className="group">
          <summary aria-label="Menu do painel" className={`${barButtonClassName} cursor-pointer list-none`}>
            <Icon name="menu" className="size-6 group-open:hidden" />
            <Icon name="x" className="hidden size-6 group-open:block" />
          </summary>
          <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b border-slate-200 bg-white px-3 pt-3 pb-6 shadow-lg dark:border-slate-800 dark:bg-slate-900">
            <AdminNavigation groups={groups} currentPath={current?.to} onNavigate={closeMenu} />
          </div>
        </details>
        <p className="min-w-0 flex-1 truncate font-bold text-slate-900 dark:text-white">
          {current?.label ?? "Painel"}
        </p>
        <SeeSiteLink className={barButtonClassName} iconOnPhone />
        <SignOutButton className={barButtonClassName} />
      </header>
      <main id="conteudo" className="min-w-0 flex-1">
        {children}
      </main>
    </div>
  );
}
