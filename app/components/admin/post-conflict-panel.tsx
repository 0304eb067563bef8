import { formatListDateTime } from "~/lib/site-time";
import type { PostConflict } from "~/server/posts/index.server";
import { PostDiffView } from "./post-diff-view";
import { Button } from "./ui";

/**
 * The deliberate overwrite: it names the version it replaces, so a third person's save in
 * between is refused again. After 'Salvar' in the form, so Enter in a field never presses it.
 */
export function SaveAnywayButton({ conflict }: { conflict: PostConflict }) {
  return (
    <Button type="submit" variant="danger" name="confirmVersion" value={String(conflict.currentVersion)}>
      Salvar mesmo assim
    </Button>
  );
}

/**
 * A save refused because someone else saved first: who and when, and what differs between
 * their saved version and this form.
 */
export function PostConflictPanel({ conflict }: { conflict: PostConflict }) {
  const who = conflict.savedBy ? ` por ${conflict.savedBy}` : "";
  const when = conflict.savedAt ? ` em ${formatListDateTime(conflict.savedAt)}` : "";
  return (
    <section
      aria-labelledby="conflito-titulo"
      className="flex flex-col gap-4 rounded-xl border-2 border-amber-600 bg-amber-50 p-4 dark:border-amber-400 dark:bg-slate-950"
    >
      <h3 id="conflito-titulo" className="text-lg font-bold text-slate-900 dark:text-white">
        Este post foi alterado por outra pessoa enquanto você editava.
      </h3>
      <p className="text-sm text-slate-800 dark:text-slate-200">
        A versão {conflict.currentVersion} foi salva{who}
        {when}. Nada do que você digitou foi perdido: seu texto continua no formulário abaixo. Abaixo, o texto{" "}
        <del className="bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100">riscado</del> está só na
        versão salva e o{" "}
        <ins className="bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          sublinhado
        </ins>{" "}
        só no seu formulário.
      </p>
      <PostDiffView diff={conflict.diff} headingLevel={4} />
      {conflict.compareHref ? (
        <a
          href={conflict.compareHref}
          target="_blank"
          rel="noopener"
          className="text-sm font-semibold text-brand-800 underline dark:text-brand-200"
        >
          Ver o que a outra pessoa mudou (abre em nova aba)
        </a>
      ) : null}
      <p className="text-sm text-slate-800 dark:text-slate-200">
        Para ficar com o seu texto, use “Salvar mesmo assim” no fim do formulário; para ficar com o da outra
        pessoa, recarregue a página.
      </p>
    </section>
  );
}
