import { z } from "zod";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { database } from "../db/database.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "../forms/read-form.server";
import { POST_GONE_MESSAGE, postIdFromParam } from "./posts-admin.server";
import {
  createShareLink,
  listShareLinks,
  MAX_LIVE_SHARE_LINKS,
  revokeShareLink,
  type ShareLink,
  shareLinkPath,
  TooManyShareLinksError,
} from "./share-links.server";

// The editor's share links of one post: listed (with their expiry), created, revoked. JSON
// for the editor's fetcher; never stored by a browser (the HTTP layer marks /admin no-store).

export type ShareLinksAnswer =
  | { links: ShareLink[] }
  | { created: ShareLink & { path: string } }
  | { revoked: true }
  | { error: string };

const json = (body: ShareLinksAnswer, status = 200) => Response.json(body, { status });

async function postExists(id: string): Promise<boolean> {
  const db = await database();
  return Boolean(await db.selectFrom("blog_posts").select("id").where("id", "=", id).executeTakeFirst());
}

export async function shareLinksLoader(request: Request, idParam: string | undefined): Promise<Response> {
  // A data endpoint: 401 JSON without a session, like the admin's other endpoints.
  await requireAdminAction(request);
  const id = postIdFromParam(idParam);
  if (!id) return json({ error: POST_GONE_MESSAGE }, 404);
  return json({ links: await listShareLinks(id) });
}

const linkIdSchema = z.uuid();

export async function shareLinksAction(request: Request, idParam: string | undefined): Promise<Response> {
  const session = await requireAdminAction(request);
  const id = postIdFromParam(idParam);
  if (!id || !(await postExists(id))) return json({ error: POST_GONE_MESSAGE }, 404);
  const form = await readForm(request);
  if (!form) return json({ error: UNREADABLE_FORM_MESSAGE }, 400);
  const intent = formText(form, "intent");
  if (intent === "create") {
    try {
      const { token, ...link } = await createShareLink(id, session);
      return json({ created: { ...link, path: shareLinkPath(token) } });
    } catch (error) {
      if (error instanceof TooManyShareLinksError) {
        return json(
          {
            error: `Este post já tem ${MAX_LIVE_SHARE_LINKS} links ativos. Revogue algum antes de criar outro.`,
          },
          400,
        );
      }
      throw error;
    }
  }
  if (intent === "revoke") {
    const linkId = linkIdSchema.safeParse(formText(form, "linkId"));
    if (!linkId.success || !(await revokeShareLink(id, linkId.data, session))) {
      return json({ error: "Link não encontrado; ele pode já ter sido revogado ou expirado." }, 404);
    }
    return json({ revoked: true });
  }
  return json({ error: "Ação desconhecida." }, 400);
}
