import type { DragEvent } from "react";
import { Form, Link } from "react-router";
import type { BoardCard } from "~/lib/lead-pipeline";
import { formatMoney, formatMoneyField } from "~/lib/money";
import { formatListDateTime } from "~/lib/site-time";
import { LostReasonOptions, StageOptions } from "./lead-stage-fields";
import { MoneyInput } from "./money-input";
import { Button, Field, Select } from "./ui";

/** What a dragged card carries: its request's id. */
export const CARD_TYPE = "application/x-solicitacao";

// Compact beside six columns at 1280 px, a finger's size on a phone (where the board is one column).
const compactControl = "xl:px-2 xl:py-1 xl:text-sm";
// A select there keeps the browser's own narrow arrow instead of the drawn chevron, so a stage's
// name has the card's width.
const compactSelect = "xl:appearance-auto xl:py-1 xl:pr-0.5 xl:pl-1 xl:text-xs xl:[&+svg]:hidden";

/**
 * One request on the board. The whole card is what a mouse drags (its form is folded beside
 * the columns, so the card is mostly its face). Its own stage form moves it without JavaScript
 * and from the keyboard; choosing "Perdido", "Proposta enviada" or "Fechado (ganho)" shows the
 * field that stage asks for (app.css, [data-asks-for]), in the card.
 */
export function LeadBoardCard({ card }: { card: BoardCard }) {
  return (
    <li
      id={`cartao-${card.id}`}
      data-status={card.status}
      draggable
      onDragStart={(event: DragEvent<HTMLLIElement>) => {
        event.dataTransfer.setData(CARD_TYPE, card.id);
        event.dataTransfer.effectAllowed = "move";
      }}
      aria-label={`Solicitação de ${card.name}`}
      className="flex cursor-grab flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 shadow-sm focus-within:border-brand-600 active:cursor-grabbing xl:p-2 dark:border-slate-700 dark:bg-slate-950 dark:focus-within:border-brand-300"
    >
      <Link
        to={`/admin/solicitacoes/${card.id}`}
        className="font-semibold break-words text-brand-700 underline xl:text-sm dark:text-brand-300"
      >
        {card.name}
      </Link>
      <p className="text-sm break-words text-slate-700 xl:text-xs dark:text-slate-300">
        {card.service} · {card.condominium}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Recebida em <time dateTime={card.createdAt}>{formatListDateTime(card.createdAt)}</time>
      </p>
      {card.closedCents !== null ? (
        <p className="text-sm font-semibold">Fechado: {formatMoney(card.closedCents)}</p>
      ) : card.proposalCents !== null ? (
        <p className="text-sm font-semibold">Proposta: {formatMoney(card.proposalCents)}</p>
      ) : null}
      <details className="unfold-on-narrow">
        <summary className="mt-1 flex min-h-8 w-fit cursor-pointer items-center rounded-lg border border-slate-300 px-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800">
          Mudar etapa<span className="sr-only"> de {card.name}</span>
        </summary>
        <Form method="post" className="flex flex-col gap-2 pt-2">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={card.id} />
          <Field label="Etapa">
            <Select name="status" defaultValue={card.status} className={compactSelect}>
              <StageOptions current={card.status} />
            </Select>
          </Field>
          <div data-asks-for="perdido">
            <Field label="Motivo da perda">
              <Select name="lost_reason" defaultValue="" className={compactSelect}>
                <LostReasonOptions />
              </Select>
            </Field>
          </div>
          <div data-asks-for="proposta_enviada">
            <Field label="Valor da proposta (R$)">
              <MoneyInput
                name="proposal_value"
                defaultValue={formatMoneyField(card.proposalCents)}
                placeholder="12.500,00"
                className={compactControl}
              />
            </Field>
          </div>
          <div data-asks-for="fechado_ganho">
            {/* A contract usually closes at its proposal's value: offered, and changed if not. */}
            <Field label="Valor fechado (R$)">
              <MoneyInput
                name="closed_value"
                defaultValue={formatMoneyField(card.closedCents ?? card.proposalCents)}
                placeholder="12.500,00"
                className={compactControl}
              />
            </Field>
          </div>
          <Button type="submit" variant="secondary" size="sm">
            Mover<span className="sr-only"> solicitação de {card.name}</span>
          </Button>
        </Form>
      </details>
    </li>
  );
}
