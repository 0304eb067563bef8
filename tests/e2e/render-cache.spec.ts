import { randomBytes, randomUUID } from "node:crypto";
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { baseURL } from "../../playwright.config";
import { SESSION_COOKIE, signInOverHttp, startDedicatedServer } from "../support/admin-auth";
import { insertCategory, openE2eDatabase } from "../support/db";

// The render cache from the outside: what a visitor, a crawler and the signed-in owner get.
// Content changes go through the admin's own form endpoint, as the owner's browser sends them.

let handle: DatabaseHandle;
let admin: APIRequestContext;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
  admin = await playwrightRequest.newContext({ baseURL });
  await signInOverHttp(admin);
});

test.afterAll(async () => {
  await admin.dispose();
  await handle.close();
});

const uid = () => randomUUID().slice(0, 8);

async function newCategory(): Promise<{ id: string; slug: string }> {
  const id = uid();
  const slug = await insertCategory(handle.db, `Cache ${id}`, `cache-${id}`);
  const row = await handle.db
    .selectFrom("categories")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return { id: row.id, slug };
}

interface PostFields {
  id?: string;
  title: string;
  categoryId: string;
  status: "draft" | "published";
}

/** Save through the post form as the editor does; returns the post's id and current slug. */
async function savePost(fields: PostFields): Promise<{ id: string; slug: string }> {
  // An edit names the version it started from, as the editor's form does.
  const saved = fields.id
    ? await handle.db
        .selectFrom("blog_posts")
        .select("version")
        .where("id", "=", fields.id)
        .executeTakeFirst()
    : undefined;
  const response = await admin.post(`/admin/posts/${fields.id ?? "novo"}`, {
    headers: { Origin: baseURL },
    form: {
      ...(saved ? { baseVersion: String(saved.version) } : {}),
      title: fields.title,
      categoryId: fields.categoryId,
      excerpt: `Resumo de ${fields.title}.`,
      content: `<p>Texto de ${fields.title}.</p>`,
      readTime: "4",
      status: fields.status,
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  const row = await handle.db
    .selectFrom("blog_posts")
    .select(["id", "slug"])
    .where("title", "=", fields.title)
    .executeTakeFirstOrThrow();
  return row;
}

async function deletePost(id: string): Promise<void> {
  const response = await admin.post("/admin", {
    headers: { Origin: baseURL },
    form: { intent: "delete", id },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/**
 * Fetch as an anonymous visitor until the page is served from the cache. Other tests publish
 * meanwhile on the same server, and a list they change is purged between two fetches: the
 * page is cached once a fetch says "hit".
 */
async function cached(request: APIRequestContext, path: string): Promise<string> {
  let body = "";
  await expect
    .poll(
      async () => {
        const response = await request.get(path, { maxRedirects: 0 });
        body = await response.text();
        return response.headers()["x-render-cache"];
      },
      { message: `${path} served from the cache`, intervals: [0], timeout: 10_000 },
    )
    .toBe("hit");
  return body;
}

async function get(
  request: APIRequestContext,
  path: string,
  headers?: Record<string, string>,
): Promise<APIResponse> {
  return request.get(path, { maxRedirects: 0, headers });
}

test("publishing, editing, unpublishing and deleting a post each show on the very next request", async ({
  request,
}) => {
  const category = await newCategory();
  const listPath = `/blog?categoria=${category.slug}`;
  // Other tests publish at the same time, so the unfiltered list is only checked for what
  // must be gone; the category's own list shows everything.
  const pages = ["/blog", listPath, "/sitemap.xml", "/blog/rss.xml"];
  for (const path of pages) await cached(request, path);

  // Published: listed, readable, in the sitemap and the feed.
  const first = `Publicado ${uid()}`;
  let post = await savePost({ title: first, categoryId: category.id, status: "published" });
  expect(await (await get(request, listPath)).text()).toContain(first);
  const article = await get(request, `/blog/${post.slug}`);
  expect(article.status()).toBe(200);
  expect(await article.text()).toContain(first);
  expect(await (await get(request, "/sitemap.xml")).text()).toContain(`/blog/${post.slug}<`);
  expect(await (await get(request, "/blog/rss.xml")).text()).toContain(first);

  // Edited: every page shows the new title, none the old one.
  for (const path of [...pages, `/blog/${post.slug}`]) await cached(request, path);
  const oldSlug = post.slug;
  const second = `Editado ${uid()}`;
  post = await savePost({ id: post.id, title: second, categoryId: category.id, status: "published" });
  for (const path of [listPath, "/blog/rss.xml"]) {
    const body = await (await get(request, path)).text();
    expect(body, path).toContain(second);
    expect(body, path).not.toContain(first);
  }
  expect(await (await get(request, "/blog")).text()).not.toContain(first);
  const edited = await get(request, `/blog/${post.slug}`);
  expect(await edited.text()).toContain(second);
  const sitemap = await (await get(request, "/sitemap.xml")).text();
  expect(sitemap).toContain(`/blog/${post.slug}<`);
  if (oldSlug !== post.slug) {
    expect(sitemap).not.toContain(`/blog/${oldSlug}<`);
    // The old address of a published post answers 301 to the new one (migration 0013).
    const renamed = await get(request, `/blog/${oldSlug}`);
    expect(renamed.status()).toBe(301);
    expect(renamed.headers().location).toBe(`/blog/${post.slug}`);
  }

  // Unpublished: gone from every public page; the article goes back to the list.
  for (const path of [...pages, `/blog/${post.slug}`]) await cached(request, path);
  await savePost({ id: post.id, title: second, categoryId: category.id, status: "draft" });
  for (const path of ["/blog", listPath, "/blog/rss.xml"]) {
    expect(await (await get(request, path)).text(), path).not.toContain(second);
  }
  const unpublished = await get(request, `/blog/${post.slug}`);
  expect(unpublished.status()).toBe(302);
  expect(unpublished.headers().location).toBe("/blog");
  expect(await (await get(request, "/sitemap.xml")).text()).not.toContain(`/blog/${post.slug}<`);

  // Published again, then deleted.
  await savePost({ id: post.id, title: second, categoryId: category.id, status: "published" });
  for (const path of [...pages, `/blog/${post.slug}`]) await cached(request, path);
  await deletePost(post.id);
  for (const path of ["/blog", listPath, "/blog/rss.xml"]) {
    expect(await (await get(request, path)).text(), path).not.toContain(second);
  }
  expect((await get(request, `/blog/${post.slug}`)).status()).toBe(302);
  expect(await (await get(request, "/sitemap.xml")).text()).not.toContain(`/blog/${post.slug}<`);
});

test("a change purges the articles that show it and leaves the others cached", async ({ request }) => {
  const category = await newCategory();
  const other = await newCategory();
  const reader = await savePost({ title: `Leitor ${uid()}`, categoryId: category.id, status: "published" });
  const unrelated = await savePost({ title: `Outro ${uid()}`, categoryId: other.id, status: "published" });
  await cached(request, `/blog/${reader.slug}`);
  await cached(request, `/blog/${unrelated.slug}`);
  await cached(request, "/obras");

  // A new post in the reader's category is one of its related posts.
  const related = `Relacionado ${uid()}`;
  await savePost({ title: related, categoryId: category.id, status: "published" });
  const readerPage = await get(request, `/blog/${reader.slug}`);
  expect(readerPage.headers()["x-render-cache"]).toBe("miss");
  expect(await readerPage.text()).toContain(related);
  expect((await get(request, `/blog/${unrelated.slug}`)).headers()["x-render-cache"]).toBe("hit");
  expect((await get(request, "/obras")).headers()["x-render-cache"]).toBe("hit");
});

test("a signed-in admin never receives or pollutes a cached public page", async ({ request }) => {
  // Cached for visitors, but the admin gets a page rendered for them, kept by nobody.
  await cached(request, "/servicos");
  const forAdmin = await admin.get("/servicos");
  expect(forAdmin.status()).toBe(200);
  expect(forAdmin.headers()["x-render-cache"]).toBeUndefined();
  expect(forAdmin.headers()["cache-control"]).toBe("private, no-store");
  expect(forAdmin.headers().etag).toBeUndefined();

  // What the admin renders first is not stored for the next visitor.
  const category = await newCategory();
  const path = `/blog?categoria=${category.slug}&mostrar=8`;
  expect((await admin.get(path)).headers()["x-render-cache"]).toBeUndefined();
  const visitor = await get(request, path);
  expect(visitor.headers()["x-render-cache"]).toBe("miss");
  expect(visitor.headers()["cache-control"]).toContain("public");
  expect((await get(request, path)).headers()["x-render-cache"]).toBe("hit");

  // The admin's own pages are never shared.
  const adminPage = await admin.get("/admin");
  expect(adminPage.headers()["x-render-cache"]).toBeUndefined();
  expect(adminPage.headers()["cache-control"]).toBe("private, no-store");
});

test("If-None-Match with the page's ETag yields 304; a content change yields a new ETag", async ({
  request,
}) => {
  // An article of this test's own category: what it shows changes only with this test's posts.
  // (A list's category chips change whenever another test adds a category.)
  const category = await newCategory();
  const article = await savePost({ title: `Etag ${uid()}`, categoryId: category.id, status: "published" });
  const path = `/blog/${article.slug}`;
  await get(request, path);
  const first = await get(request, path);
  const etag = first.headers().etag ?? "";
  expect(etag).toMatch(/^W\/".+"$/);
  expect(first.headers().vary).toContain("Accept-Encoding");
  expect(first.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  expect(first.headers()["cache-control"]).toMatch(/stale-while-revalidate=\d+/);

  const notModified = await request.get(path, { headers: { "If-None-Match": etag } });
  expect(notModified.status()).toBe(304);
  expect(await notModified.body()).toHaveLength(0);
  expect(notModified.headers().etag).toBe(etag);
  expect((await request.get(path, { headers: { "If-None-Match": 'W/"outra-versao"' } })).status()).toBe(200);

  // A new post of the category is among the article's related posts.
  await savePost({ title: `Etag relacionado ${uid()}`, categoryId: category.id, status: "published" });
  const changed = await request.get(path, { headers: { "If-None-Match": etag } });
  expect(changed.status()).toBe(200);
  expect(changed.headers().etag).not.toBe(etag);
});

test("cached pages are sent with Brotli, gzip or none as the client asks, with the same content", async ({
  request,
}) => {
  const bodies: string[] = [];
  for (const encoding of ["br", "gzip", "identity"]) {
    await request.get("/obras", { headers: { "Accept-Encoding": encoding } });
    const response = await request.get("/obras", { headers: { "Accept-Encoding": encoding } });
    expect(response.headers()["x-render-cache"]).toBe("hit");
    expect(response.headers()["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
    bodies.push(await response.text());
  }
  expect(bodies[0]).toContain("<h1");
  expect(new Set(bodies).size).toBe(1);
});

test("pages rendered for one response are compressed as the client asks, whole and with their length", async ({
  request,
}) => {
  const bodies: string[] = [];
  for (const encoding of ["br", "gzip", "identity"]) {
    // Not found: rendered on every request, never stored.
    const response = await request.get("/pagina-que-nao-existe", {
      headers: { "Accept-Encoding": encoding },
    });
    expect(response.status()).toBe(404);
    expect(response.headers()["x-render-cache"]).toBeUndefined();
    expect(response.headers()["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
    const sent = Number(response.headers()["content-length"]);
    const text = await response.text();
    if (encoding === "identity") expect(sent).toBe(Buffer.byteLength(text));
    else expect(sent).toBeLessThan(Buffer.byteLength(text) / 2);
    bodies.push(text.replace(/nonce="[^"]*"/g, ""));
  }
  expect(bodies[0]).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
  expect(bodies[0]).toContain("</html>");
  expect(new Set(bodies).size).toBe(1);
});

test("the contact page is shared, but each response carries a new form token", async ({ request }) => {
  const tokens = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const response = await request.get("/contato");
    const html = await response.text();
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(token).toMatch(/^v1\.[0-9a-z]+\.[\w-]+$/);
    tokens.add(token);
    if (i > 0) expect(response.headers()["x-render-cache"]).toBe("hit");
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expect(response.headers().etag).toBeUndefined();
  }
  expect(tokens.size).toBe(3);
});

test("visitors asking at once for a page nobody has rendered yet share one render", async () => {
  // A server of its own: on the shared one another test's publish during the render rightly
  // keeps that render from being shared (it may show the old version).
  const site = await startDedicatedServer();
  const visitors = await playwrightRequest.newContext({ baseURL: site.url });
  try {
    const path = "/blog?mostrar=12";
    const responses = await Promise.all(Array.from({ length: 12 }, () => get(visitors, path)));
    const states = responses.map((response) => response.headers()["x-render-cache"]);
    expect(states.filter((state) => state === "miss")).toHaveLength(1);
    expect(states.filter((state) => state === "hit")).toHaveLength(11);
    const bodies = new Set(await Promise.all(responses.map((response) => response.text())));
    expect(bodies.size).toBe(1);
  } finally {
    await visitors.dispose();
    await site.stop();
  }
});

test("a made-up session cookie gets the cached page, however well shaped; only one the site issued is rendered apart", async ({
  request,
}) => {
  const anonymous = await cached(request, "/servicos");
  for (const cookie of [
    `${SESSION_COOKIE}=x`,
    `${SESSION_COOKIE}=${"*".repeat(43)}`,
    `${SESSION_COOKIE}=; tema=escuro`,
    `${SESSION_COOKIE}=${"a".repeat(44)}`,
    // Session-shaped, but under the name a plain-http site uses: not this site's cookie.
    `sid=${randomBytes(32).toString("base64url")}`,
    // Well formed, but not signed by the site (docs/decisions/0045): the shape of a random
    // token, and the shape of a session cookie with a made-up signature.
    `${SESSION_COOKIE}=${randomBytes(32).toString("base64url")}`,
    `${SESSION_COOKIE}=${randomBytes(48).toString("base64url").slice(0, 65)}`,
  ]) {
    const forged = await get(request, "/servicos", { Cookie: cookie });
    expect(forged.headers()["x-render-cache"], cookie).toBe("hit");
    expect(await forged.text()).toBe(anonymous);
  }

  // A real session is never served the shared page.
  const forAdmin = await admin.get("/servicos");
  expect(forAdmin.headers()["x-render-cache"]).toBeUndefined();
  expect((await get(request, "/servicos")).headers()["x-render-cache"]).toBe("hit");
});
