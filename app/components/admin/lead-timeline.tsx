import type { TimelineEntry } from "~/lib/lead-pipeline";
import { leadStatusLabels, lostReasonLabels } from "~/lib/lead-status";
import { formatMoney } from "~/lib/money";
import { formatDetailDateTime } from "~/lib/site-time";

const kindLabels: Record<TimelineEntry["kind"], string> = {
  received: "Solicitação recebida pelo site",
  stage: "Etapa",
  note: "Nota",
  email_reply: "Resposta por e-mail",
  whatsapp: "Contato pelo WhatsApp",
};

function headline(entry: TimelineEntry): string {
  if (entry.kind !== "stage" || !entry.toStage) return kindLabels[entry.kind];
  const to = leadStatusLabels[entry.toStage];
  if (!entry.fromStage || entry.fromStage === entry.toStage) return `Etapa: ${to}`;
  return `Etapa: ${leadStatusLabels[entry.fromStage]} → ${to}`;
}

function stageFacts(entry: TimelineEntry): string[] {
  if (entry.kind !== "stage") return [];
  return [
    entry.toStage === "perdido" && entry.lostReason ? `Motivo: ${lostReasonLabels[entry.lostReason]}` : null,
    entry.proposalCents !== null ? `Proposta: ${formatMoney(entry.proposalCents)}` : null,
    entry.closedCents !== null ? `Valor fechado: ${formatMoney(entry.closedCents)}` : null,
  ].filter((fact): fact is string => fact !== null);
}

/** A request's history, oldest first: what happened, who did it and when. */
export function LeadTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-slate-900 dark:text-white">{headline(entry)}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <time dateTime={entry.at}>{formatDetailDateTime(entry.at)}</time>
            {entry.who ? ` · ${entry.who}` : ""}
            {entry.sent === null ? "" : entry.sent ? " · enviado" : " · na fila de envio"}
          </p>
          {stageFacts(entry).map((fact) => (
            <p key={fact} className="text-sm text-slate-700 dark:text-slate-300">
              {fact}
            </p>
          ))}
          {entry.body ? (
            <p className="whitespace-pre-wrap text-sm text-slate-700 dark:text-slate-300">{entry.body}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
