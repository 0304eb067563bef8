import { useLocation } from "react-router";
import { ContactLink } from "~/components/ui/contact-link";
import { Icon } from "~/components/ui/icon";
import type { SiteConfig } from "~/lib/company-settings";
import { QUOTE_FORM_HREF } from "~/lib/quote";
import { SiteContext, useSite } from "~/lib/site-context";
import { Logo } from "./logo";
import { navItems } from "./nav-items";

const desktopLink = (isActive: boolean) =>
  `rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive
      ? "bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 hover:text-brand-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
  }`;

const mobileLink = (isActive: boolean) =>
  `block rounded-md px-4 py-3 text-base font-semibold ${
    isActive
      ? "bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
  }`;

/** The section a path belongs to: "/" only for the home page, "/blog" also for its articles. */
function isCurrentSection(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The public header. Public pages are plain HTML (no client React), so its links are plain
 * anchors: every link loads a new page, whose menu starts closed. Its inside is the same for
 * every page of a section, so it is a shared part rendered once per section.
 */
export function Header() {
  const site = useSite();
  const { pathname } = useLocation();
  const currentHref = navItems.find((item) => isCurrentSection(pathname, item.href))?.href ?? "";
  return (
    <header className="sticky top-0 z-40 shadow-sm">
      <HeaderContents site={site} currentHref={currentHref} />
    </header>
  );
}

/** Everything inside the header, for the section `currentHref` ("" for none). */
function HeaderContents({ site, currentHref }: { site: SiteConfig; currentHref: string }) {
  const sections = navItems.map((item) => ({ ...item, current: item.href === currentHref }));
  return (
    // The logo reads the company facts from the context, also when rendered on its own.
    <SiteContext value={site}>
      <div className="bg-brand-900 text-sm text-white">
        <div className="container-page flex h-9 items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-5">
            <ContactLink
              kind="whatsapp"
              className="flex items-center gap-1.5 whitespace-nowrap hover:text-accent-400"
            >
              <Icon name="phone" className="size-4" />
              <span>{site.phoneDisplay}</span>
            </ContactLink>
            <ContactLink
              kind="email"
              className="hidden items-center gap-1.5 truncate hover:text-accent-400 sm:flex"
            >
              <Icon name="mail" className="size-4" />
              <span className="truncate">{site.email}</span>
            </ContactLink>
          </div>
          <p className="hidden text-slate-200 md:block">{site.tagline}</p>
        </div>
      </div>

      <div className="border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
        <div className="container-page flex h-18 items-center justify-between gap-4">
          <a href="/" className="rounded-md">
            <Logo compact />
            <span className="sr-only"> – página inicial</span>
          </a>

          <nav aria-label="Navegação principal" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {sections.map((item) => (
                <li key={item.href}>
                  <a
                    href={item.href}
                    aria-current={item.current ? "page" : undefined}
                    className={desktopLink(item.current)}
                  >
                    {item.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <div className="flex items-center gap-2">
            <a
              href={QUOTE_FORM_HREF}
              className="btn bg-accent-700 px-3 py-2.5 text-sm whitespace-nowrap text-white hover:bg-accent-800 sm:px-5 sm:py-3 sm:text-base"
            >
              Solicitar Orçamento
            </a>

            <details className="group lg:hidden">
              <summary
                className="flex size-11 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                aria-label="Menu"
              >
                <Icon name="menu" className="size-6 group-open:hidden" />
                <Icon name="x" className="hidden size-6 group-open:block" />
              </summary>
              <nav
                aria-label="Navegação móvel"
                className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg dark:border-slate-800 dark:bg-slate-900"
              >
                <ul className="flex flex-col gap-1">
                  {sections.map((item) => (
                    <li key={item.href}>
                      <a
                        href={item.href}
                        aria-current={item.current ? "page" : undefined}
                        className={mobileLink(item.current)}
                      >
                        {item.name}
                      </a>
                    </li>
                  ))}
                </ul>
                <a
                  href={QUOTE_FORM_HREF}
                  className="btn mt-4 w-full bg-accent-700 text-white hover:bg-accent-800"
                >
                  Solicitar Orçamento
                </a>
              </nav>
            </details>
          </div>
        </div>
      </div>
    </SiteContext>
  );
}
