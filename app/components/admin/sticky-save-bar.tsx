import type { ReactNode } from "react";

/**
 * The save buttons of a long form, kept in view at the bottom of the screen while the form
 * scrolls past (as WordPress's editor keeps "Atualizar"): on a phone the fields above "Salvar"
 * run many screens long. CSS alone (position: sticky), so it holds without JavaScript; at the
 * form's end the bar sits in its place, and it never leaves the form it belongs to.
 */
export function StickySaveBar({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-30 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-sm dark:border-slate-700 dark:bg-slate-900/95">
      {children}
    </div>
  );
}
