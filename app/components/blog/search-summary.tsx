import { blogListHref } from "~/lib/blog-href";
import { BLOG_PAGE_SIZE, type CategoryRef } from "~/lib/blog-types";
import { formatCount } from "~/lib/count-format";

const linkClass =
  "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 dark:text-brand-200 dark:hover:text-white";

/** "1 resultado" / "12 resultados" (pt-BR groups thousands with a dot). */
function resultCount(total: number): string {
  return `${formatCount(total)} ${total === 1 ? "resultado" : "resultados"}`;
}

export interface SearchSummaryProps {
  search: string;
  total: number;
  category: CategoryRef | null;
}

/** How many posts matched, and the way out of the search. */
export function SearchSummary({ search, total, category }: SearchSummaryProps) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
      <h2 id="resultados-titulo" className="text-xl font-bold text-slate-900 dark:text-white">
        {resultCount(total)} para “{search}”{category ? ` em ${category.name}` : ""}
      </h2>
      <a
        href={blogListHref({ categorySlug: category?.slug ?? null, visible: BLOG_PAGE_SIZE })}
        className={linkClass}
      >
        Limpar busca
      </a>
    </div>
  );
}

/** What to try when nothing matched. */
export function NoSearchResults({ search, category }: Omit<SearchSummaryProps, "total">) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-slate-700 sm:p-10 dark:border-slate-700 dark:text-slate-300">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">
        Nenhum artigo encontrado para “{search}”{category ? ` em ${category.name}` : ""}.
      </p>
      <p className="mt-3">Algumas ideias para encontrar o que procura:</p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        <li>
          use menos palavras, ou palavras mais gerais (por exemplo, “fachada” em vez de “fachada ventilada”);
        </li>
        <li>confira a grafia, ou tente outra forma da palavra (os acentos não fazem diferença);</li>
        {category ? (
          <li>
            <a
              href={blogListHref({ categorySlug: null, visible: BLOG_PAGE_SIZE, search })}
              className={linkClass}
            >
              busque em todas as categorias
            </a>
            ;
          </li>
        ) : null}
        <li>
          <a href={blogListHref({ categorySlug: null, visible: BLOG_PAGE_SIZE })} className={linkClass}>
            limpe a busca
          </a>{" "}
          e veja todos os artigos, ou navegue pelas{" "}
          <a href="#categorias" className={linkClass}>
            categorias
          </a>
          .
        </li>
      </ul>
    </div>
  );
}
