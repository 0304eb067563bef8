import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  createPostShareLink,
  listShareLinks,
  POST_GONE_MESSAGE,
  postIdFromParam,
  revokePostShareLink,
  type ShareLinksAnswer,
} from "~/server/posts/index.server";
import type { Route } from "./+types/admin-posts-links-de-previa";

// A post's share links, for the editor's fetcher (docs/decisions/0028): JSON, never stored by
// a browser (the HTTP layer marks /admin no-store).

/** A resource route answers a Response: React Router would drop the status of data() here. */
async function json(answer: Promise<DataWithResponseInit<unknown>>): Promise<Response> {
  const { data, init } = await answer;
  return Response.json(data, init ?? undefined);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  // A data endpoint: 401 JSON without a session, like the admin's other endpoints.
  await requireAdminAction(request);
  const id = postIdFromParam(params.id);
  if (!id) return Response.json({ error: POST_GONE_MESSAGE } satisfies ShareLinksAnswer, { status: 404 });
  return Response.json({ links: await listShareLinks(id) } satisfies ShareLinksAnswer);
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return json(answerCommand(session, refused(UNREADABLE_FORM_MESSAGE)));
  const postId = params.id;
  const intent = formText(form, "intent");
  const outcome =
    intent === "create"
      ? await createPostShareLink(session, { postId })
      : intent === "revoke"
        ? await revokePostShareLink(session, { postId, linkId: formText(form, "linkId") })
        : refused("Ação desconhecida.");
  return json(answerCommand(session, outcome));
}
