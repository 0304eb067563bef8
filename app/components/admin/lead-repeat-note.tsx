import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { requestNumberLabel } from "~/lib/request-number";

/**
 * On a request that repeats an earlier one (the same person asking the same thing again within
 * minutes, docs/decisions/0090): which one, linked, and that it is not a new request to answer.
 */
export function LeadRepeatNote({
  repeatOf,
  repeatOfNumber,
}: {
  repeatOf: string;
  repeatOfNumber: number | null;
}) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <Icon name="alert-circle" className="size-4 shrink-0" />
      <Link
        to={`/admin/solicitacoes/${repeatOf}`}
        className="inline-flex min-h-11 items-center font-semibold underline lg:min-h-0"
      >
        {repeatOfNumber === null
          ? "Repetição de outra solicitação"
          : `Repetição do ${requestNumberLabel(repeatOfNumber)}`}
      </Link>
      <span>
        A mesma pessoa enviou a mesma solicitação de novo: responda pela primeira, esta não conta como nova.
      </span>
    </p>
  );
}
