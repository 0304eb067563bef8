import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { postConflict } from "~/server/posts/post-conflict.server";
import { comparableRevision, diffPosts } from "~/server/posts/post-diff.server";
import type { PostForm } from "~/server/posts/post-form-schema.server";
import { RevisionNotFoundError, restoreRevision } from "~/server/posts/post-revision-restore.server";
import { getRevisions, listRevisions, MAX_REVISIONS } from "~/server/posts/post-revisions.server";
import {
  deletePost,
  getPostForEdit,
  NotADraftError,
  StalePostError,
  savePost,
} from "~/server/posts/posts-admin.server";
import { listCategories } from "~/server/posts/public-posts.server";
import { insertPost } from "../support/db";
import { testEngines } from "../support/test-database";

// Revisions and optimistic concurrency on every engine: each save is a revision with its
// author, two are compared, one is restored (as a new revision), only the last 50 are kept,
// and a save from a version that is no longer current is refused with nothing written.

const uid = () => randomUUID().slice(0, 8);

describe.each(testEngines())("post revisions on $name", (engine) => {
  let categoryId: string;
  let ana: string;
  let bruno: string;

  async function insertUser(name: string | null): Promise<string> {
    const db = await database();
    const id = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        id,
        email: `rev-${uid()}@exemplo.com.br`,
        password_hash: "x",
        name,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    await startDatabase(engine.env);
    const db = await database();
    categoryId = (
      await db.selectFrom("categories").select("id").where("slug", "=", "fachadas").executeTakeFirstOrThrow()
    ).id;
    ana = await insertUser("Ana Souza");
    bruno = await insertUser(null);
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  function form(overrides: Partial<PostForm> = {}): PostForm {
    return {
      title: `Revisões ${uid()}`,
      categoryId,
      excerpt: "Resumo do post.",
      content: "<p>O rejunte antigo da fachada.</p>",
      readTime: 5,
      status: "draft",
      featured: false,
      featuredImageUrl: null,
      scheduledAt: null,
      ...overrides,
    };
  }

  async function revisionCount(postId: string): Promise<number> {
    const db = await database();
    const { n } = await db
      .selectFrom("post_revisions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("post_id", "=", postId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  it("keeps a revision per save with its author, compares two and restores one as a new revision", async () => {
    const first = form();
    const created = await savePost(null, first, ana);
    expect(created.version).toBe(1);
    const second = await savePost(
      created.id,
      { ...first, content: "<p>O rejunte novo da fachada.</p>" },
      bruno,
      { baseVersion: 1 },
    );
    expect(second.version).toBe(2);
    await savePost(created.id, { ...first, title: `${first.title} revisado` }, ana, { baseVersion: 2 });

    const revisions = await listRevisions(created.id);
    expect(revisions.map((revision) => revision.version)).toEqual([3, 2, 1]);
    expect(revisions.map((revision) => revision.kind)).toEqual(["save", "save", "save"]);
    expect(revisions[0]?.author).toBe("Ana Souza");
    // Without a name, the e-mail says who.
    expect(revisions[1]?.author).toMatch(/^rev-.+@exemplo\.com\.br$/);

    const oldest = revisions[2];
    const middle = revisions[1];
    if (!oldest || !middle) throw new Error("revisions missing");
    const categories = await listCategories();
    const [from, to] = await getRevisions(created.id, [oldest.id]).then(async ([a]) => [
      a,
      (await getRevisions(created.id, [middle.id]))[0],
    ]);
    if (!from || !to) throw new Error("revisions missing");
    const diff = diffPosts(comparableRevision(from, categories), comparableRevision(to, categories));
    const content = diff.texts.find((text) => text.label === "Conteúdo");
    expect(content?.changed).toBe(true);
    expect(content?.parts).toEqual(
      expect.arrayContaining([
        { kind: "removed", text: "antigo" },
        { kind: "added", text: "novo" },
      ]),
    );
    expect(diff.texts.find((text) => text.label === "Título")?.changed).toBe(false);

    const restored = await restoreRevision(created.id, oldest.id, bruno);
    expect(restored.version).toBe(4);
    const post = await getPostForEdit(created.id);
    expect(post?.content).toBe("<p>O rejunte antigo da fachada.</p>");
    expect(post?.title).toBe(first.title);
    expect(post?.version).toBe(4);
    const after = await listRevisions(created.id);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ version: 4, kind: "restore", restoredFrom: oldest.createdAt });
  });

  it("restores a published post's old title through the save: its slug comes back and the redirects follow", async () => {
    const title = `Título original ${uid()}`;
    const created = await savePost(null, form({ title, status: "published" }), ana);
    const renamed = await savePost(
      created.id,
      form({ title: `Outro título ${uid()}`, status: "published" }),
      ana,
      {
        baseVersion: 1,
      },
    );
    expect(renamed.slug).not.toBe(created.slug);
    const oldest = (await listRevisions(created.id)).at(-1);
    if (!oldest) throw new Error("revision missing");
    const restored = await restoreRevision(created.id, oldest.id, ana);
    expect(restored.slug).toBe(created.slug);
    const db = await database();
    const redirects = await db
      .selectFrom("redirects")
      .select(["from_path", "to_path"])
      .where("from_path", "in", [`/blog/${created.slug}`, `/blog/${renamed.slug}`])
      .execute();
    expect(redirects).toEqual([{ from_path: `/blog/${renamed.slug}`, to_path: `/blog/${created.slug}` }]);
  });

  it("finds no revision of another post, and restores none", async () => {
    const one = await savePost(null, form(), ana);
    const other = await savePost(null, form(), ana);
    const [ofOther] = await listRevisions(other.id);
    if (!ofOther) throw new Error("revision missing");
    expect(await getRevisions(one.id, [ofOther.id])).toEqual([]);
    await expect(restoreRevision(one.id, ofOther.id, ana)).rejects.toBeInstanceOf(RevisionNotFoundError);
    await expect(restoreRevision(one.id, randomUUID(), ana)).rejects.toBeInstanceOf(RevisionNotFoundError);
  });

  it(`keeps the last ${MAX_REVISIONS} revisions of a post`, async () => {
    const base = form();
    const created = await savePost(null, base, ana);
    for (let version = 1; version <= MAX_REVISIONS + 5; version++) {
      await savePost(created.id, { ...base, excerpt: `Resumo ${version}.` }, ana, { baseVersion: version });
    }
    expect(await revisionCount(created.id)).toBe(MAX_REVISIONS);
    const revisions = await listRevisions(created.id);
    expect(revisions[0]?.version).toBe(MAX_REVISIONS + 6);
    expect(revisions.at(-1)?.version).toBe(7);
  });

  it("refuses a save from a version that is no longer current and writes nothing", async () => {
    const created = await savePost(null, form(), ana);
    await savePost(created.id, form({ content: "<p>Texto da Ana.</p>" }), ana, { baseVersion: 1 });
    const stale = savePost(created.id, form({ content: "<p>Texto do Bruno.</p>" }), bruno, {
      baseVersion: 1,
    });
    await expect(stale).rejects.toBeInstanceOf(StalePostError);
    await expect(stale).rejects.toMatchObject({ currentVersion: 2 });
    const post = await getPostForEdit(created.id);
    expect(post?.content).toBe("<p>Texto da Ana.</p>");
    expect(post?.version).toBe(2);
    expect(await revisionCount(created.id)).toBe(2);

    // What the refused editor is shown: the saved version against the text it still has.
    const conflict = await postConflict(created.id, 1, form({ content: "<p>Texto do Bruno.</p>" }));
    expect(conflict?.currentVersion).toBe(2);
    expect(conflict?.savedBy).toBe("Ana Souza");
    expect(conflict?.compareHref).toMatch(
      new RegExp(`^/admin/posts/${created.id}/revisoes\\?de=.+&para=.+$`),
    );
    const content = conflict?.diff.texts.find((text) => text.label === "Conteúdo");
    expect(content?.parts).toEqual(
      expect.arrayContaining([
        { kind: "removed", text: "da Ana" },
        { kind: "added", text: "do Bruno" },
      ]),
    );
  });

  it("lets exactly one of two simultaneous saves from the same version win", async () => {
    const created = await savePost(null, form(), ana);
    const results = await Promise.allSettled([
      savePost(created.id, form({ excerpt: "Da Ana." }), ana, { baseVersion: 1 }),
      savePost(created.id, form({ excerpt: "Do Bruno." }), bruno, { baseVersion: 1 }),
    ]);
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result) => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(StalePostError);
    expect((await getPostForEdit(created.id))?.version).toBe(2);
    expect(await revisionCount(created.id)).toBe(2);
  });

  it("replaces an autosave by the next one of the same person, and autosaves drafts only", async () => {
    const base = form();
    const created = await savePost(null, base, ana);
    await savePost(created.id, { ...base, excerpt: "Um." }, ana, { baseVersion: 1, kind: "autosave" });
    await savePost(created.id, { ...base, excerpt: "Dois." }, ana, { baseVersion: 2, kind: "autosave" });
    const revisions = await listRevisions(created.id);
    expect(revisions.map((revision) => [revision.version, revision.kind])).toEqual([
      [3, "autosave"],
      [1, "save"],
    ]);
    await savePost(created.id, { ...base, status: "published" }, ana, { baseVersion: 3 });
    await expect(
      savePost(created.id, { ...base, status: "published" }, ana, { baseVersion: 4, kind: "autosave" }),
    ).rejects.toBeInstanceOf(NotADraftError);
  });

  it("keeps a post saved before revisions existed as its first revision, and deletes revisions with the post", async () => {
    const db = await database();
    const slug = await insertPost(db, {
      title: `Antigo ${uid()}`,
      categorySlug: "fachadas",
      status: "draft",
    });
    const { id } = await db
      .selectFrom("blog_posts")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    await savePost(id, form({ title: "Agora com histórico" }), ana, { baseVersion: 1 });
    const revisions = await listRevisions(id);
    expect(revisions.map((revision) => revision.version)).toEqual([2, 1]);
    expect(await deletePost(id)).toBe(true);
    expect(await revisionCount(id)).toBe(0);
  });
});
