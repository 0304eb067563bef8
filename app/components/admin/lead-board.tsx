import { type CSSProperties, type DragEvent, useState } from "react";
import { Link, useSubmit } from "react-router";
import type { BoardColumn } from "~/lib/lead-pipeline";
import { type LeadStatus, leadStatusLabels, stageAsks } from "~/lib/lead-status";
import { formatMoney } from "~/lib/money";
import { CARD_TYPE, LeadBoardCard } from "./lead-board-card";
import { LeadBoardTabs } from "./lead-board-tabs";
import { buttonClassName } from "./ui";

/**
 * The pipeline's board. Below 80rem it shows one stage at a time, chosen by its tabs (links, so
 * without JavaScript too); from 80rem every column side by side. Which one it is, is CSS only.
 * Every card has its own stage form: that is how it works without JavaScript, from the keyboard
 * and on a phone. With JavaScript a card can also be dragged to another column, which posts
 * the same form; dropping it on a stage that asks for something (the reason a request was lost,
 * the value of a proposal or a contract) does not post: it chooses that stage in the card's form
 * and asks there.
 */
export function LeadBoard({
  columns,
  tab,
  pageHref,
  tabHref,
}: {
  columns: BoardColumn[];
  /** The stage shown below 80rem. */
  tab: LeadStatus | null;
  pageHref: (status: LeadStatus, page: number) => string;
  tabHref: (status: LeadStatus) => string;
}) {
  const submit = useSubmit();
  const [over, setOver] = useState<LeadStatus | null>(null);

  const drop = (status: LeadStatus) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(null);
    const id = event.dataTransfer.getData(CARD_TYPE);
    const card = id ? document.getElementById(`cartao-${id}`) : null;
    if (!card || card.dataset.status === status) return;
    const asked = stageAsks(status);
    if (asked) {
      const fold = card.querySelector("details");
      if (fold) fold.open = true;
      const form = card.querySelector("form");
      const stage = form?.elements.namedItem("status");
      const field = form?.elements.namedItem(asked);
      if (stage instanceof HTMLSelectElement) stage.value = status;
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    submit({ intent: "move", id, status, lost_reason: "" }, { method: "post" });
  };

  return (
    <div className="flex flex-col gap-4">
      <LeadBoardTabs columns={columns} tab={tab} tabHref={tabHref} />
      <div
        style={{ "--board-columns": columns.length } as CSSProperties}
        className="grid gap-4 xl:grid-cols-[repeat(var(--board-columns),minmax(0,1fr))] xl:gap-2"
      >
        {columns.map((column) => (
          <section
            key={column.status}
            aria-labelledby={`coluna-${column.status}`}
            data-column={column.status}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(CARD_TYPE)) return;
              event.preventDefault();
              if (over !== column.status) setOver(column.status);
            }}
            onDragLeave={() => setOver((current) => (current === column.status ? null : current))}
            onDrop={drop(column.status)}
            className={`${column.status === tab ? "flex" : "hidden xl:flex"} min-w-0 flex-col gap-3 rounded-2xl border p-3 xl:gap-2 xl:p-1.5 ${
              over === column.status
                ? "border-brand-600 bg-brand-50 dark:bg-slate-800"
                : "border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
            }`}
          >
            <div className="xl:px-1">
              <h2
                id={`coluna-${column.status}`}
                className="font-bold text-slate-900 xl:text-sm dark:text-white"
              >
                {leadStatusLabels[column.status]}{" "}
                <span className="font-normal text-slate-600 dark:text-slate-400">({column.count})</span>
              </h2>
              <p className="text-sm text-slate-700 xl:text-xs dark:text-slate-300">
                Total: <span className="font-semibold">{formatMoney(column.valueCents)}</span>
              </p>
            </div>
            {column.cards.length === 0 ? (
              <p className="text-sm text-slate-600 xl:px-1 xl:text-xs dark:text-slate-400">
                Nenhuma solicitação.
              </p>
            ) : null}
            <ul className="flex flex-col gap-3 xl:gap-2">
              {column.cards.map((card) => (
                <LeadBoardCard key={card.id} card={card} />
              ))}
            </ul>
            {column.pageCount > 1 ? (
              <nav
                aria-label={`Páginas de ${leadStatusLabels[column.status]}`}
                className="flex flex-wrap items-center justify-between gap-2"
              >
                {column.page > 1 ? (
                  <Link
                    to={pageHref(column.status, column.page - 1)}
                    className={buttonClassName("secondary", "sm")}
                  >
                    Anterior
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-xs text-slate-600 dark:text-slate-400">{`${column.page} de ${column.pageCount}`}</span>
                {column.page < column.pageCount ? (
                  <Link
                    to={pageHref(column.status, column.page + 1)}
                    className={buttonClassName("secondary", "sm")}
                  >
                    Próxima
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}
