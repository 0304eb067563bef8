import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";

/** The fold's summary: the owner reads the row; whoever runs the server opens this. */
export const MAINTAINER_DETAILS_SUMMARY = "Detalhes para quem cuida do servidor";

/**
 * The commands, settings and raw errors behind a message written for the owner, folded away
 * (a <details>, so it opens without JavaScript). `about` tells one fold from the next to a
 * screen reader, where several share the summary.
 */
export function MaintainerDetails({ about, children }: { about?: string; children: ReactNode }) {
  return (
    <details className="group text-sm">
      <summary className="flex min-h-11 w-fit cursor-pointer items-center gap-1 text-slate-600 underline-offset-2 hover:underline dark:text-slate-400">
        <Icon name="chevron-down" className="size-4 -rotate-90 group-open:rotate-0" />
        {MAINTAINER_DETAILS_SUMMARY}
        {about ? <span className="sr-only">: {about}</span> : null}
      </summary>
      {/* Commands, addresses and errors are long unbroken words: they wrap anywhere. */}
      <p className="rounded-lg bg-slate-100 p-3 text-slate-800 [overflow-wrap:anywhere] dark:bg-slate-800 dark:text-slate-200">
        {children}
      </p>
    </details>
  );
}
