import { formatListDateTime } from "~/lib/site-time";
import type { RevisionListItem } from "~/server/posts/index.server";
import { Button } from "./ui";

function kindLabel(revision: RevisionListItem): string {
  if (revision.kind === "restore") {
    return revision.restoredFrom
      ? `Restaurada da versão de ${formatListDateTime(revision.restoredFrom)}`
      : "Restaurada";
  }
  return revision.kind === "autosave" ? "Salvamento automático" : "Salva";
}

const cell = "px-3 py-2 align-middle";

/**
 * The saved versions of a post, newest first: pick two and compare them (a GET, so it works
 * without JavaScript), or restore one (the same form posts to the restore action). Plain HTML
 * forms: both load a new page, after the editor asked whether unsaved edits may be left.
 */
export function PostRevisions({ postId, revisions }: { postId: string; revisions: RevisionListItem[] }) {
  const path = `/admin/posts/${postId}/revisoes`;
  return (
    <section
      aria-labelledby="versoes-titulo"
      className="mt-8 flex flex-col gap-4 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <h3 id="versoes-titulo" className="text-lg font-bold text-slate-900 dark:text-white">
        Versões
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Cada vez que o post é salvo, guardamos uma versão (as 50 mais recentes). Escolha duas para comparar,
        ou restaure uma: a restauração também vira uma nova versão.
      </p>
      {revisions.length ? (
        <form method="get" action={path} className="flex flex-col gap-4">
          {/* First in the form: Enter in a radio submits with the first button, so that is comparing. */}
          <div>
            <Button type="submit" variant="secondary">
              Comparar versões
            </Button>
          </div>
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-700 dark:text-slate-300">
              <caption className="sr-only">Versões salvas deste post, da mais recente à mais antiga</caption>
              <thead className="text-xs uppercase text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className={cell}>
                    Versão
                  </th>
                  <th scope="col" className={cell}>
                    Salva em
                  </th>
                  <th scope="col" className={cell}>
                    Por
                  </th>
                  <th scope="col" className={cell}>
                    Tipo
                  </th>
                  <th scope="col" className={cell}>
                    De
                  </th>
                  <th scope="col" className={cell}>
                    Para
                  </th>
                  <th scope="col" className={cell}>
                    <span className="sr-only">Restaurar</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {revisions.map((revision, index) => (
                  <tr key={revision.id} className="border-t border-slate-200 dark:border-slate-800">
                    <td className={cell}>{revision.version}</td>
                    <td className={cell}>{formatListDateTime(revision.createdAt)}</td>
                    <td className={cell}>{revision.author ?? "(conta removida)"}</td>
                    <td className={cell}>{kindLabel(revision)}</td>
                    <td className={cell}>
                      <input
                        type="radio"
                        name="de"
                        value={revision.id}
                        defaultChecked={index === Math.min(1, revisions.length - 1)}
                        aria-label={`Comparar a partir da versão ${revision.version}`}
                        className="size-4 accent-brand-700"
                      />
                    </td>
                    <td className={cell}>
                      <input
                        type="radio"
                        name="para"
                        value={revision.id}
                        defaultChecked={index === 0}
                        aria-label={`Comparar até a versão ${revision.version}`}
                        className="size-4 accent-brand-700"
                      />
                    </td>
                    <td className={cell}>
                      {index > 0 ? (
                        <Button
                          type="submit"
                          variant="secondary"
                          size="sm"
                          formMethod="post"
                          formAction={path}
                          name="revisionId"
                          value={revision.id}
                          aria-label={`Restaurar a versão ${revision.version}`}
                        >
                          Restaurar
                        </Button>
                      ) : (
                        <span className="text-xs text-slate-600 dark:text-slate-400">Atual</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </form>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nenhuma versão salva ainda.</p>
      )}
    </section>
  );
}
