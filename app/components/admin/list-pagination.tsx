import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { type AdminListPage, type ListParams, listHref } from "~/lib/admin-list";
import { formatCount } from "~/lib/count-format";
import { buttonClassName } from "./ui";

export interface ListPaginationProps {
  /** What the pages are of, for the navigation's name ("Páginas dos posts"). */
  label: string;
  /** 1-based. */
  page: number;
  pageCount: number;
  /** The address of another page of the same list (its search and filters kept). */
  href: (page: number) => string;
}

/**
 * 'Anterior' / 'Página N de M' / 'Próxima' under an admin list: plain links that keep the
 * filters, so paging works before (and without) JavaScript and each page can be bookmarked.
 */
export function ListPagination({ label, page, pageCount, href }: ListPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={buttonClassName("secondary", "sm")}>
          <Icon name="arrow-left" className="size-4" />
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600 dark:text-slate-400">{`Página ${page} de ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={buttonClassName("secondary", "sm")}>
          Próxima
          <Icon name="arrow-right" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The page links of a filtered admin list (/admin, /admin/solicitacoes). */
export function filteredListPageHref(path: string, params: ListParams): (page: number) => string {
  return (target) => listHref(path, { ...params, pagina: target });
}

/** "1.234 posts · página 2 de 25": the count above a list, in pt-BR. */
export function listSummary(
  list: Omit<AdminListPage<unknown>, "items">,
  noun: { one: string; many: string },
): string {
  const count = list.total === 1 ? `1 ${noun.one}` : `${formatCount(list.total)} ${noun.many}`;
  return list.pageCount > 1 ? `${count} · página ${list.page} de ${list.pageCount}` : count;
}
