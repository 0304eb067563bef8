import { Link } from "react-router";
import type { BoardColumn } from "~/lib/lead-pipeline";
import { type LeadStatus, leadStatusLabels } from "~/lib/lead-status";

/**
 * The board's stages as tabs, where it shows one at a time (below 80rem): links to `?etapa=`,
 * so they work without JavaScript, the current one marked with aria-current. Each says how many
 * requests its stage holds.
 */
export function LeadBoardTabs({
  columns,
  tab,
  tabHref,
}: {
  columns: BoardColumn[];
  tab: LeadStatus | null;
  tabHref: (status: LeadStatus) => string;
}) {
  return (
    <nav aria-label="Etapas do quadro" className="xl:hidden">
      <ul className="grid grid-cols-3 gap-1.5 sm:grid-cols-6">
        {columns.map((column) => {
          const current = column.status === tab;
          return (
            <li key={column.status} className="flex">
              <Link
                to={tabHref(column.status)}
                preventScrollReset
                aria-current={current ? "true" : undefined}
                className={`flex min-h-11 w-full flex-col items-center justify-center rounded-lg border px-1.5 py-1 text-center text-sm leading-tight font-semibold ${
                  current
                    ? "border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-950"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
                }`}
              >
                {leadStatusLabels[column.status]} <span className="font-normal">({column.count})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
