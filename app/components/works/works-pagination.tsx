import { worksListHref } from "~/lib/works";

export interface WorksPaginationProps {
  page: number;
  pageCount: number;
}

/** Links to the other pages of /obras, when there is more than one (plain links, no script). */
export function WorksPagination({ page, pageCount }: WorksPaginationProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  const link =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 px-3 font-semibold text-brand-800 hover:bg-slate-100 dark:border-slate-700 dark:text-brand-200 dark:hover:bg-slate-800";
  return (
    <nav aria-label="Páginas de obras" className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <a href={worksListHref(page - 1)} rel="prev" className={link}>
              Página anterior
            </a>
          </li>
        ) : null}
        {pages.map((number) => (
          <li key={number}>
            {number === page ? (
              <span
                aria-current="page"
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-brand-800 px-3 font-semibold text-white"
              >
                <span className="sr-only">Página </span>
                {number}
              </span>
            ) : (
              <a href={worksListHref(number)} className={link}>
                <span className="sr-only">Página </span>
                {number}
              </a>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <a href={worksListHref(page + 1)} rel="next" className={link}>
              Próxima página
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
