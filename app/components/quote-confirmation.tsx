import { Icon } from "~/components/ui/icon";
import { type QuoteConfirmation as Confirmation, REPLY_PROMISE } from "~/lib/quote";
import { requestNumberLabel } from "~/lib/request-number";
import { formatClockTime, formatPublicDate } from "~/lib/site-time";

/** The field "Enviar outro pedido" leads to, the form's first: the browser focuses it, script or not. */
const FIRST_FIELD = "name";

/**
 * What stays above the form once a request is sent, after the toast has gone: its number,
 * when it arrived, the promise to answer and a way back to the (cleared) form. The region is
 * always on the page, a polite live region, so that the enhancement script (QuoteFormScript)
 * can fill it and be announced; without JavaScript the page opens focused on it.
 */
export function QuoteConfirmation({ confirmation }: { confirmation: Confirmation | undefined }) {
  const received = confirmation ? new Date(confirmation.receivedAt) : null;
  return (
    <div id="quote-confirmation" role="status" className="empty:hidden">
      {confirmation && received ? (
        <div
          data-quote-confirmation=""
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: after a post without JavaScript, focus belongs on the outcome
          autoFocus
          className="mb-6 flex scroll-mt-32 flex-col gap-3 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-5 text-emerald-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700 dark:border-emerald-500 dark:bg-emerald-950 dark:text-emerald-50"
        >
          <h3 className="flex items-center gap-2 text-lg font-bold">
            <Icon name="check-circle" className="size-6 shrink-0" />
            {confirmation.number === null
              ? "Pedido recebido"
              : `Pedido ${requestNumberLabel(confirmation.number)} recebido`}
          </h3>
          <p>
            Recebido em{" "}
            <time dateTime={confirmation.receivedAt}>
              {formatPublicDate(received)}, às {formatClockTime(received)}
            </time>{" "}
            (horário de Brasília).
          </p>
          {confirmation.alreadyReceived ? (
            <p>
              Este pedido já tinha chegado: guardamos o novo envio junto com ele, sem abrir um pedido novo.
            </p>
          ) : null}
          <p>{REPLY_PROMISE}</p>
          <a
            href={`#${FIRST_FIELD}`}
            className="btn w-full border-2 border-emerald-700 text-emerald-900 hover:bg-emerald-700 hover:text-white sm:w-fit dark:border-emerald-400 dark:text-emerald-100 dark:hover:bg-emerald-400 dark:hover:text-slate-950"
          >
            Enviar outro pedido
          </a>
        </div>
      ) : null}
    </div>
  );
}
