import { type DragEvent, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { BoardColumn } from "~/lib/lead-pipeline";
import { type LeadStatus, leadStatusLabels } from "~/lib/lead-status";
import { formatMoney } from "~/lib/money";
import { formatDateTimeMedium } from "~/lib/site-time";
import { LeadStageFields } from "./lead-stage-fields";
import { Button, buttonClassName } from "./ui";

const CARD_TYPE = "application/x-solicitacao";

/**
 * The pipeline's board. Every card has its own stage form (a select and "Mover"): that is how it
 * works without JavaScript and from the keyboard. With JavaScript, on a desktop, a card can also
 * be dragged to another column, which posts the same form. Dropping on "Perdido" does not post:
 * it selects "Perdido" in the card's form and asks for the reason there.
 */
export function LeadBoard({
  columns,
  pageHref,
}: {
  columns: BoardColumn[];
  pageHref: (status: LeadStatus, page: number) => string;
}) {
  const submit = useSubmit();
  const [over, setOver] = useState<LeadStatus | null>(null);

  const drop = (status: LeadStatus) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(null);
    const id = event.dataTransfer.getData(CARD_TYPE);
    const card = id ? document.getElementById(`cartao-${id}`) : null;
    if (!card || card.dataset.status === status) return;
    if (status === "perdido") {
      const form = card.querySelector("form");
      const stage = form?.elements.namedItem("status");
      const reason = form?.elements.namedItem("lost_reason");
      if (stage instanceof HTMLSelectElement) stage.value = "perdido";
      if (reason instanceof HTMLSelectElement) reason.focus();
      return;
    }
    submit({ intent: "move", id, status, lost_reason: "" }, { method: "post" });
  };

  return (
    // relative: the cards' visually hidden labels (absolute) stay inside the scroller on a phone.
    <div className="relative grid auto-cols-[minmax(16rem,1fr)] grid-flow-col gap-4 overflow-x-auto pb-4">
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
          className={`flex flex-col gap-3 rounded-2xl border p-3 ${
            over === column.status
              ? "border-brand-600 bg-brand-50 dark:bg-slate-800"
              : "border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
          }`}
        >
          <h2 id={`coluna-${column.status}`} className="font-bold text-slate-900 dark:text-white">
            {leadStatusLabels[column.status]}{" "}
            <span className="font-normal text-slate-600">({column.total})</span>
          </h2>
          {column.cards.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Nenhuma solicitação.</p>
          ) : null}
          <ul className="flex flex-col gap-3">
            {column.cards.map((card) => (
              <li
                key={card.id}
                id={`cartao-${card.id}`}
                data-status={card.status}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.setData(CARD_TYPE, card.id);
                  event.dataTransfer.effectAllowed = "move";
                }}
                aria-label={`Solicitação de ${card.name}`}
                className="flex cursor-grab flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700 dark:bg-slate-950"
              >
                <Link
                  to={`/admin/solicitacoes/${card.id}`}
                  className="font-semibold text-brand-700 underline dark:text-brand-300"
                >
                  {card.name}
                </Link>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {card.service} · {card.condominium}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Recebida em <time dateTime={card.createdAt}>{formatDateTimeMedium(card.createdAt)}</time>
                </p>
                {card.closedCents !== null ? (
                  <p className="text-sm font-semibold">Fechado: {formatMoney(card.closedCents)}</p>
                ) : card.proposalCents !== null ? (
                  <p className="text-sm font-semibold">Proposta: {formatMoney(card.proposalCents)}</p>
                ) : null}
                <Form method="post" className="flex flex-col gap-2">
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="id" value={card.id} />
                  <LeadStageFields status={card.status} lostReason={null} />
                  <Button type="submit" variant="secondary" size="sm">
                    Mover<span className="sr-only"> solicitação de {card.name}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
          {column.pageCount > 1 ? (
            <nav
              aria-label={`Páginas de ${leadStatusLabels[column.status]}`}
              className="flex justify-between gap-2"
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
              <span className="text-xs text-slate-600">{`${column.page} de ${column.pageCount}`}</span>
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
  );
}
