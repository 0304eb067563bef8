import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import type { CurrentSession } from "~/server/accounts/sessions.server";
import { database } from "~/server/db/database.server";
import { removePost, restorePostRevision, savePostForm } from "~/server/posts/post-commands.server";
import { listRevisions } from "~/server/posts/post-revisions.server";
import { createPostShareLink, revokePostShareLink } from "~/server/posts/share-link-commands.server";
import { listShareLinks } from "~/server/posts/share-links.server";
import { withAuditFailing } from "../support/audit-failing";
import { insertCategory, insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The blog's posts as admin commands (docs/decisions/0080): the post's save (its SEO fields
// with it), a revision's restore, a share link's creation and revocation and the list's delete
// commit with their audit entry or not at all, and a refused command writes neither. The audit
// insert is made to fail for real: the audit table is renamed away while the command runs.

const uid = () => randomUUID().slice(0, 8);

describeOnEachEngine("post commands", () => {
  let actor: CurrentSession;
  let categoryId: string;

  beforeAll(async () => {
    const db = await database();
    const email = `editora-${uid()}@exemplo.com.br`;
    const id = await insertUser(db, { email, passwordHash: "not-used-here", role: "editor" });
    actor = { user: { id, email, name: "Editora", role: "editor" }, idHash: "h", authenticatedAt: null };
    const slug = await insertCategory(db, `Comandos ${uid()}`, `comandos-${uid()}`);
    categoryId = (
      await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
    ).id;
  });

  /** Runs `command` while no audit entry can be written. */
  /** The post form as the editor posts it. */
  function postForm(fields: Record<string, string> = {}): URLSearchParams {
    return new URLSearchParams({
      title: `Post de comando ${uid()}`,
      categoryId,
      excerpt: "Resumo do post.",
      content: "<p>Conteúdo do post.</p>",
      readTime: "4",
      status: "draft",
      featuredImageUrl: "",
      scheduledAt: "",
      metaTitle: "",
      metaDescription: "",
      socialImageUrl: "",
      ...fields,
    });
  }

  /** The posts with this title, and the audit entries naming them. */
  async function stored(title: string) {
    const db = await database();
    const posts = await db
      .selectFrom("blog_posts")
      .select(["id", "version", "meta_title", "meta_description"])
      .where("title", "=", title)
      .execute();
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", "post")
      .where("target_label", "=", title)
      .orderBy("at")
      .execute();
    return { posts, audit: audit.map((entry) => entry.action) };
  }

  async function entriesFor(postId: string) {
    const db = await database();
    const rows = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", postId)
      .orderBy("at")
      .execute();
    return rows.map((row) => row.action);
  }

  /** A post saved through the command; its id. */
  async function createdPost(title: string): Promise<string> {
    const outcome = await savePostForm(actor, { id: null, form: postForm({ title }), autosave: false });
    expect(outcome).toMatchObject({ kind: "done", redirectTo: "/admin", toast: { title: "Post criado!" } });
    const [post] = (await stored(title)).posts;
    if (!post) throw new Error("the post was not saved");
    return post.id;
  }

  it("saves a post, its SEO fields and its entry together; an edit names its version", async () => {
    const title = `Post salvo ${uid()}`;
    const id = await createdPost(title);
    expect(await stored(title)).toMatchObject({ posts: [{ version: 1 }], audit: ["post.create"] });

    const seo = { title, metaTitle: "Título para buscadores", metaDescription: "Descrição para buscadores" };
    const edit = postForm({ ...seo, baseVersion: "1" });
    expect(await savePostForm(actor, { id, form: edit, autosave: false })).toMatchObject({
      kind: "done",
      toast: { title: "Post atualizado!" },
    });
    expect(await stored(title)).toEqual({
      posts: [{ id, version: 2, meta_title: seo.metaTitle, meta_description: seo.metaDescription }],
      audit: ["post.create", "post.update"],
    });

    // An autosave answers the new version and is no entry; a save from an old version is a
    // conflict with both versions, and writes nothing.
    const autosaved = await savePostForm(actor, {
      id,
      form: postForm({ title, baseVersion: "2" }),
      autosave: true,
    });
    expect(autosaved).toMatchObject({ kind: "answered", body: { autosaved: { version: 3 } } });
    const stale = await savePostForm(actor, {
      id,
      form: postForm({ title, baseVersion: "2" }),
      autosave: false,
    });
    expect(stale).toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("alterado por outra pessoa"),
      details: { conflict: { currentVersion: 3 }, draft: { id, version: 2 } },
    });
    expect(await stored(title)).toMatchObject({
      posts: [{ version: 3 }],
      audit: ["post.create", "post.update"],
    });
  });

  it("a save writes nothing when its entry cannot be written, and nothing when it is refused", async () => {
    const title = `Post sem registro ${uid()}`;
    expect(
      await withAuditFailing(() =>
        savePostForm(actor, { id: null, form: postForm({ title }), autosave: false }),
      ),
    ).toBeInstanceOf(Error);
    expect(await stored(title)).toEqual({ posts: [], audit: [] });

    const id = await createdPost(title);
    const seoEdit = postForm({ title, metaTitle: "Não gravado", baseVersion: "1" });
    expect(
      await withAuditFailing(() => savePostForm(actor, { id, form: seoEdit, autosave: false })),
    ).toBeInstanceOf(Error);
    expect(await stored(title)).toEqual({
      posts: [{ id, version: 1, meta_title: null, meta_description: null }],
      audit: ["post.create"],
    });
    expect(await listRevisions(id)).toHaveLength(1);

    // Refused: the fields, a category gone, a post gone; nothing written.
    expect(
      await savePostForm(actor, { id, form: postForm({ title: "", baseVersion: "1" }), autosave: false }),
    ).toEqual({
      kind: "refused",
      message: "Verifique os campos destacados.",
      fieldErrors: { title: "Informe o título." },
    });
    expect(
      await savePostForm(actor, {
        id,
        form: postForm({ title, categoryId: randomUUID(), baseVersion: "1" }),
        autosave: false,
      }),
    ).toMatchObject({ kind: "refused", fieldErrors: { categoryId: "Escolha uma categoria." } });
    expect(
      await savePostForm(actor, {
        id: randomUUID(),
        form: postForm({ title, baseVersion: "1" }),
        autosave: false,
      }),
    ).toMatchObject({ kind: "not-found" });
    expect(await stored(title)).toMatchObject({ posts: [{ version: 1 }], audit: ["post.create"] });
  });

  it("restores a revision with its entry, or neither", async () => {
    const title = `Post restaurado ${uid()}`;
    const id = await createdPost(title);
    await savePostForm(actor, {
      id,
      form: postForm({ title: `${title} (editado)`, baseVersion: "1" }),
      autosave: false,
    });
    const first = (await listRevisions(id)).at(-1);
    if (!first) throw new Error("no first revision");
    const restore = () => restorePostRevision(actor, { postId: id, revisionId: first.id });

    expect(await withAuditFailing(restore)).toBeInstanceOf(Error);
    expect(await stored(title)).toEqual({ posts: [], audit: ["post.create"] });
    expect(await listRevisions(id)).toHaveLength(2);

    // Refused: a revision that is not there, or not a revision id; a post that is not there.
    expect(await restorePostRevision(actor, { postId: id, revisionId: randomUUID() })).toMatchObject({
      kind: "not-found",
    });
    expect(await restorePostRevision(actor, { postId: id, revisionId: "x" })).toEqual({
      kind: "refused",
      message: "Versão inválida.",
    });
    expect(await restorePostRevision(actor, { postId: randomUUID(), revisionId: first.id })).toMatchObject({
      kind: "not-found",
    });
    expect(await listRevisions(id)).toHaveLength(2);

    expect(await restore()).toMatchObject({ kind: "done", redirectTo: `/admin/posts/${id}` });
    expect((await stored(title)).posts).toHaveLength(1);
    expect(await entriesFor(id)).toEqual(["post.create", "post.update", "post.restore"]);
  });

  it("creates and revokes a share link with its entry, or neither", async () => {
    const id = await createdPost(`Post com link ${uid()}`);
    expect(await withAuditFailing(() => createPostShareLink(actor, { postId: id }))).toBeInstanceOf(Error);
    expect(await listShareLinks(id)).toEqual([]);

    const created = await createPostShareLink(actor, { postId: id });
    expect(created).toMatchObject({ kind: "answered", body: { created: { path: expect.any(String) } } });
    const [link] = await listShareLinks(id);
    if (!link) throw new Error("no link");
    expect(
      await withAuditFailing(() => revokePostShareLink(actor, { postId: id, linkId: link.id })),
    ).toBeInstanceOf(Error);
    expect(await listShareLinks(id)).toEqual([link]);

    // Refused: a link that is not there, a post that is not there; nothing written.
    expect(await revokePostShareLink(actor, { postId: id, linkId: randomUUID() })).toMatchObject({
      kind: "not-found",
    });
    expect(await createPostShareLink(actor, { postId: randomUUID() })).toMatchObject({ kind: "not-found" });
    expect(await entriesFor(id)).toEqual(["post.create", "post.share_link_create"]);

    expect(await revokePostShareLink(actor, { postId: id, linkId: link.id })).toEqual({
      kind: "answered",
      body: { revoked: true },
    });
    expect(await listShareLinks(id)).toEqual([]);
    expect(await entriesFor(id)).toEqual(["post.create", "post.share_link_create", "post.share_link_revoke"]);
  });

  it("deletes a post from the list with its entry, or neither", async () => {
    const title = `Post excluído ${uid()}`;
    const id = await createdPost(title);
    const backTo = "/admin?pagina=2";
    expect(await withAuditFailing(() => removePost(actor, { id, backTo }))).toBeInstanceOf(Error);
    expect(await stored(title)).toMatchObject({ posts: [{ id }], audit: ["post.create"] });

    expect(await removePost(actor, { id: randomUUID(), backTo })).toMatchObject({ kind: "not-found" });
    expect(await removePost(actor, { id: "não é um id", backTo })).toMatchObject({ kind: "not-found" });
    expect(await stored(title)).toMatchObject({ posts: [{ id }], audit: ["post.create"] });

    expect(await removePost(actor, { id, backTo })).toMatchObject({
      kind: "done",
      redirectTo: backTo,
      toast: { title: "Post deletado!" },
    });
    expect(await stored(title)).toEqual({ posts: [], audit: ["post.create", "post.delete"] });
  });
});
