import { Link } from "react-router";
import type { UnansweredSummary } from "~/lib/admin-home";
import { formatCountOf } from "~/lib/count-format";
import { formatListDateTime } from "~/lib/site-time";
import { LeadContactLinks } from "./lead-contact-links";
import { buttonClassName } from "./ui";

const HOME_PATH = "/admin/inicio";

/**
 * The top of the posts page for an Administrador, where sign-in lands: how many requests wait
 * for an answer and the one waiting longest, one tap from a call or a chat, and the way to
 * Início. With none waiting it says so in one line: nothing to do, and Início still a tap away.
 */
export function UnansweredLeadsStrip({ summary }: { summary: UnansweredSummary }) {
  const { total, oldest } = summary;
  const home = (
    <Link to={HOME_PATH} className={buttonClassName("secondary", "md")}>
      Abrir o Início
    </Link>
  );
  if (!oldest) {
    return (
      <section
        aria-labelledby="sem-resposta"
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-5 py-3 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="sem-resposta" className="font-semibold text-slate-900 dark:text-white">
          Nenhuma solicitação sem resposta.
        </h2>
        {home}
      </section>
    );
  }
  return (
    <section
      aria-labelledby="sem-resposta"
      className="flex min-w-0 flex-col gap-3 break-words rounded-2xl border-2 border-amber-600 bg-amber-50 p-5 lg:flex-row lg:items-center lg:justify-between dark:border-amber-400 dark:bg-slate-950"
    >
      <div className="flex min-w-0 flex-col gap-1 lg:flex-1">
        <h2 id="sem-resposta" className="text-lg font-bold text-slate-900 dark:text-white">
          {formatCountOf(total, { one: "solicitação", many: "solicitações" })} sem resposta
        </h2>
        <p className="flex flex-wrap items-center gap-x-1.5 text-slate-700 dark:text-slate-300">
          {total === 1 ? null : <span>A mais antiga:</span>}{" "}
          <Link
            to={`/admin/solicitacoes/${oldest.id}`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {oldest.name}
          </Link>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Recebida em <time dateTime={oldest.created_at}>{formatListDateTime(oldest.created_at)}</time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 lg:shrink-0">
        <LeadContactLinks name={oldest.name} phone={oldest.phone} digits={oldest.phoneDigits} size="md" />
        {home}
      </div>
    </section>
  );
}
