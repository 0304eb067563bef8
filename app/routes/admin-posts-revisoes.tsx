import { data, Link } from "react-router";
import { PostDiffView } from "~/components/admin/post-diff-view";
import { BlogAdminPage } from "~/components/admin/post-editor";
import { buttonClassName } from "~/components/admin/ui";
import { formatListDateTime } from "~/lib/site-time";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { compareRevisions, type RevisionLabel, restorePostRevision } from "~/server/posts/index.server";
import type { Route } from "./+types/admin-posts-revisoes";

// Two revisions of a post compared (GET ?de=…&para=…), and the restore of one (POST): plain
// HTML forms from the editor, so both work without JavaScript.

const REFUSAL_STATUS = { "not-found": 404, invalid: 400 } as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const query = new URL(request.url).searchParams;
  const { page, refusal } = await compareRevisions(params.id, query.get("de"), query.get("para"));
  return refusal ? data(page, { status: REFUSAL_STATUS[refusal] }) : page;
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const outcome = await restorePostRevision(session, {
    postId: params.id,
    revisionId: formText(form, "revisionId"),
  });
  return answerCommand(session, outcome);
}

export const meta: Route.MetaFunction = () => [
  { title: "Comparar versões | Admin do Blog" },
  { name: "robots", content: "noindex" },
];

function describe(revision: RevisionLabel): string {
  const who = revision.author ? ` por ${revision.author}` : "";
  return `Versão ${revision.version}, salva em ${formatListDateTime(revision.createdAt)}${who}`;
}

export default function AdminPostRevisions({ loaderData, actionData }: Route.ComponentProps) {
  const { postId, postTitle } = loaderData;
  const back = postId ? (
    <Link to={`/admin/posts/${postId}`} className={buttonClassName("secondary")}>
      Voltar ao editor
    </Link>
  ) : (
    <Link to="/admin" className={buttonClassName("secondary")}>
      Voltar aos Posts Existentes
    </Link>
  );
  return (
    <BlogAdminPage failure={actionData} formOpen={false}>
      <section
        aria-labelledby="comparar-titulo"
        className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="comparar-titulo" className="text-xl font-bold text-slate-900 dark:text-white">
          Comparar versões{postTitle ? `: ${postTitle}` : ""}
        </h2>
        {actionData ? (
          <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
            {actionData.error}
          </p>
        ) : "comparison" in loaderData ? (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              De: {describe(loaderData.comparison.from)}
              <br />
              Para: {describe(loaderData.comparison.to)}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Texto <del className="bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100">riscado</del>{" "}
              saiu; texto{" "}
              <ins className="bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
                sublinhado
              </ins>{" "}
              entrou.
            </p>
            <PostDiffView diff={loaderData.comparison.diff} />
          </>
        ) : (
          <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
            {loaderData.problem}
          </p>
        )}
        <div>{back}</div>
      </section>
    </BlogAdminPage>
  );
}
