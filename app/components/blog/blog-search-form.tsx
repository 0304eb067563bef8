import { MAX_SEARCH_LENGTH } from "~/lib/blog-search-limits";

const inputClass =
  "min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-700 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400";

export interface BlogSearchFormProps {
  /** The words searched for, kept in the field. */
  search: string | null;
  /** The category being shown: the search stays within it. */
  categorySlug: string | null;
  error: string | null;
}

/**
 * A plain GET form to /blog: it works without JavaScript, and the result is an address that
 * can be shared, bookmarked and reloaded.
 */
export function BlogSearchForm({ search, categorySlug, error }: BlogSearchFormProps) {
  return (
    <search>
      <form method="get" action="/blog" className="flex flex-col gap-1.5">
        <label htmlFor="busca" className="text-sm font-semibold text-slate-800 dark:text-slate-200">
          Buscar no blog
        </label>
        {categorySlug ? <input type="hidden" name="categoria" value={categorySlug} /> : null}
        <div className="flex gap-2">
          <input
            id="busca"
            name="busca"
            type="search"
            defaultValue={search ?? ""}
            maxLength={MAX_SEARCH_LENGTH}
            enterKeyHint="search"
            placeholder="Ex.: impermeabilização de laje"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "busca-erro" : undefined}
            className={inputClass}
          />
          <button
            type="submit"
            className="btn shrink-0 bg-brand-800 text-white hover:bg-brand-900 dark:bg-brand-300 dark:text-slate-950 dark:hover:bg-brand-200"
          >
            Buscar
          </button>
        </div>
        {error ? (
          <p id="busca-erro" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
    </search>
  );
}
