import { expect, test } from "@playwright/test";
import { SESSION_COOKIE, signedUnknownSessionToken, signInOverHttp } from "../support/admin-auth";
import { openE2eDatabase } from "../support/db";

/** A signed session cookie that names no session (the site's key is in the e2e database). */
async function unknownToken(): Promise<string> {
  const handle = await openE2eDatabase();
  try {
    return await signedUnknownSessionToken(handle.db);
  } finally {
    await handle.close();
  }
}

// The production server's pages, where they meet React Router's internals
// (docs/decisions/0011-uncached-render-path.md; tests/unit/react-router-seams.test.ts says
// which part of React Router changed). Public pages never hydrate: they must come out whole,
// without React Router's handoff stream, both rendered for the render cache and rendered for
// one visitor. The admin hydrates and must keep it.

const ARTICLE = "/blog/plano-de-manutencao-nbr-5674";

test("pages that never hydrate come out whole and without React Router's handoff stream", async ({
  request,
}) => {
  for (const path of ["/", ARTICLE, "/contato"]) {
    // A session cookie the site signed, even one whose session ended, keeps the answer out of
    // the render cache: the page is rendered for this request and compressed from its detached
    // string.
    const unknownSession = { Cookie: `${SESSION_COOKIE}=${await unknownToken()}` };
    for (const headers of [{}, unknownSession] as Record<string, string>[]) {
      const what = `${path} ${"Cookie" in headers ? "rendered for one visitor" : "through the render cache"}`;
      const response = await request.get(path, { headers });
      expect(response.status(), what).toBe(200);
      if ("Cookie" in headers) expect(response.headers()["x-render-cache"], what).toBeUndefined();
      const html = await response.text();
      expect(html, `${what}: the page's HTML was lost between React Router and the HTTP layer`).toMatch(
        /^<!DOCTYPE html><html lang="pt-BR">[\s\S]*<footer[\s\S]*<\/html>$/,
      );
      expect(html.match(/<!DOCTYPE/gi), what).toHaveLength(1);
      expect(html, `${what}: React Router's handoff stream (a Suspense boundary) was rendered`).not.toContain(
        "<!--$",
      );
      expect(html, `${what}: React Router's hydration scripts`).not.toContain("__reactRouterContext");
    }
  }
});

test("the admin hydrates: its page carries React Router's handoff stream", async ({ request }) => {
  await signInOverHttp(request);
  const response = await request.get("/admin");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/^<!DOCTYPE html><html lang="pt-BR">[\s\S]*<\/html>$/);
  expect(html.match(/<!DOCTYPE/gi)).toHaveLength(1);
  expect(html).toContain("window.__reactRouterContext.streamController = controller");
  expect(html).toContain("window.__reactRouterContext.streamController.enqueue(");
  expect(html).toContain("window.__reactRouterContext.streamController.close();");
});
