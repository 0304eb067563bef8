import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startDedicatedServer } from "../support/admin-auth";

// The access log (one JSON line per answer, on stdout: journald in production) never holds the
// secret of an invitation, a password-reset link or a draft's share link: those paths are
// logged as `/convite/…` (docs/decisions/0045).

test("invitation, reset and preview tokens are masked in the access log", async () => {
  test.setTimeout(120_000);
  const site = await startDedicatedServer();
  try {
    const token = () => randomBytes(32).toString("base64url");
    const asked = [
      { path: `/convite/${token()}`, logged: "/convite/…" },
      { path: `/convite/${token()}.data`, logged: "/convite/….data" },
      { path: `/redefinir-senha/${token()}`, logged: "/redefinir-senha/…" },
      { path: `/blog/previa/${token()}`, logged: "/blog/previa/…" },
      // React Router matches paths in any case.
      { path: `/CONVITE/${token()}`, logged: "/CONVITE/…" },
      // No page answers this one: the 404 page's warning does not name the token either.
      { path: `/convite/${token()}/mais`, logged: "/convite/…" },
    ];
    for (const { path } of asked) await fetch(`${site.url}${path}`, { redirect: "manual" });
    await fetch(`${site.url}/servicos`);

    // Info lines are written once per turn of the event loop: wait for the last request's.
    await expect
      .poll(() => site.server.output().includes('"path":"/servicos"'), { timeout: 10_000 })
      .toBe(true);
    const lines = site.server
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { path: string; status: number });
    const paths = lines.map((line) => line.path);
    for (const { path, logged } of asked) {
      const secret =
        path
          .split("/")
          .pop()
          ?.replace(/\.data$/, "") ?? "";
      expect(site.server.output(), path).not.toContain(secret);
      expect(paths, path).toContain(logged);
    }
  } finally {
    await site.stop();
  }
});
