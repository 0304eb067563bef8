import { useEffect } from "react";
import { useFetcher } from "react-router";
import { formatListDateTime } from "~/lib/site-time";
import type { ShareLinksAnswer } from "~/server/posts/index.server";
import { Button, Field, TextInput } from "./ui";

/** The share links of a saved post: create one (shown once), see their expiry, revoke them. */
export function PostShareLinks({ postId }: { postId: string }) {
  const endpoint = `/admin/posts/${postId}/links-de-previa`;
  const list = useFetcher<ShareLinksAnswer>();
  const change = useFetcher<ShareLinksAnswer>();
  const { load } = list;
  useEffect(() => {
    load(endpoint);
  }, [load, endpoint]);
  const answer = change.state === "idle" ? change.data : undefined;
  // A link being revoked leaves the list at once; React Router reads the list again once the
  // change is answered (it comes back, with the error, if the revocation failed).
  const revoking = change.formData?.get("intent") === "revoke" ? change.formData.get("linkId") : null;
  const links = (list.data && "links" in list.data ? list.data.links : []).filter(
    (link) => link.id !== revoking,
  );
  const created = answer && "created" in answer ? answer.created : null;
  const error = answer && "error" in answer ? answer.error : null;
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <section
      aria-labelledby="links-previa-titulo"
      className="mt-8 flex flex-col gap-4 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <h3 id="links-previa-titulo" className="text-lg font-bold text-slate-900 dark:text-white">
        Links de prévia
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Quem tiver o link lê a versão salva deste post, mesmo sem estar publicado e sem entrar no admin, por 7
        dias ou até você revogar.
      </p>
      <change.Form method="post" action={endpoint}>
        <input type="hidden" name="intent" value="create" />
        <Button type="submit" variant="secondary" busy={change.state !== "idle"} busyLabel="Aguarde...">
          Criar link de prévia
        </Button>
      </change.Form>
      {created ? (
        <div role="status" className="flex flex-col gap-2">
          <Field
            label="Novo link de prévia"
            hint={`Copie agora: ele não será mostrado de novo. Expira em ${formatListDateTime(created.expiresAt)}.`}
          >
            <TextInput
              readOnly
              value={`${origin}${created.path}`}
              onFocus={(event) => event.currentTarget.select()}
            />
          </Field>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {links.length ? (
        <ul className="flex flex-col gap-2" aria-label="Links de prévia ativos">
          {links.map((link) => (
            <li
              key={link.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-2 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300"
            >
              <span>
                Criado em {formatListDateTime(link.createdAt)} · expira em{" "}
                {formatListDateTime(link.expiresAt)}
              </span>
              <change.Form method="post" action={endpoint}>
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="linkId" value={link.id} />
                <Button type="submit" variant="danger" size="sm">
                  Revogar
                </Button>
              </change.Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nenhum link de prévia ativo.</p>
      )}
    </section>
  );
}
