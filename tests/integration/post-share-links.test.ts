import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import { savedPostArticle } from "~/server/posts/post-preview.server";
import { listPublishedSlugs } from "~/server/posts/public-posts.server";
import {
  createShareLink,
  listShareLinks,
  postIdForShareToken,
  revokeShareLink,
  SHARE_LINK_DAYS,
  shareLinkPath,
} from "~/server/posts/share-links.server";
import { cacheablePage } from "~/server/render-cache/cache-policy.server";
import { insertCategory, insertPost } from "../support/db";
import { testEngines } from "../support/test-database";

// Share links of drafts: what a token opens, for how long, and that only its hash is kept.

const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines())("share links on $name", (engine) => {
  let postId: string;
  let slug: string;

  beforeAll(async () => {
    const { db } = await startDatabase(engine.env);
    const category = await insertCategory(db, "Compartilhados", `compartilhados-${Date.now()}`);
    slug = await insertPost(db, {
      title: "Rascunho compartilhado",
      categorySlug: category,
      status: "draft",
      content: '<p>Olá</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    });
    postId = (
      await db.selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  it("opens the draft for 7 days, keeps only the token's hash, and stops when revoked", async () => {
    const now = new Date();
    const link = await createShareLink(postId, null, now);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - now.getTime()).toBe(SHARE_LINK_DAYS * DAY);
    expect(shareLinkPath(link.token)).toBe(`/blog/previa/${link.token}`);
    const { db } = await startDatabase();
    const stored = await db
      .selectFrom("post_share_links")
      .selectAll()
      .where("id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash("sha256").update(link.token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    expect(await postIdForShareToken(link.token, now)).toBe(postId);
    expect(await postIdForShareToken(link.token, new Date(now.getTime() + SHARE_LINK_DAYS * DAY - 1))).toBe(
      postId,
    );
    expect(await postIdForShareToken(link.token, new Date(now.getTime() + SHARE_LINK_DAYS * DAY))).toBeNull();
    expect((await listShareLinks(postId, now)).map((l) => l.id)).toContain(link.id);

    expect(await revokeShareLink(postId, link.id)).toBe(true);
    expect(await revokeShareLink(postId, link.id)).toBe(false);
    expect(await postIdForShareToken(link.token)).toBeNull();
    expect((await listShareLinks(postId)).map((l) => l.id)).not.toContain(link.id);
  });

  it("opens nothing with a forged or malformed token", async () => {
    for (const token of [
      randomBytes(32).toString("base64url"),
      "abc",
      "a".repeat(10_000),
      "\u0000".repeat(43),
    ]) {
      expect(await postIdForShareToken(token)).toBeNull();
    }
  });

  it("shows the draft sanitised, and never lists it in the sitemap nor keeps its page in the render cache", async () => {
    const article = await savedPostArticle(postId);
    expect(article?.post.title).toBe("Rascunho compartilhado");
    expect(article?.post.content).toContain("<p>Olá</p>");
    expect(article?.post.content).not.toContain("script");
    expect(article?.post.content).not.toContain("javascript:");
    expect((await listPublishedSlugs()).map((p) => p.slug)).not.toContain(slug);
    const { token } = await createShareLink(postId, null);
    expect(cacheablePage(new URL(`https://site.test${shareLinkPath(token)}`))).toBeUndefined();
  });
});
