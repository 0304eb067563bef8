// The signed-in admin for `npm run lighthouse`: the administrator its server creates at the
// first start (ADMIN_EMAIL/ADMIN_PASSWORD on an empty database), the sign-in over HTTP that gives
// Lighthouse its session cookie. The quote requests its lists show are the bench's
// (`seedBenchLeads` in bench-admin.ts), a dozen of them.
import { randomBytes } from "node:crypto";

/**
 * The administrator of the measured site. The password is new on every run (the database is
 * too): long and random, so the server's password policy takes it.
 */
export const LIGHTHOUSE_ADMIN = {
  email: "lighthouse@exemplo-condominio.com.br",
  password: randomBytes(24).toString("base64url"),
} as const;

/** What the server needs to create that administrator as it starts on an empty database. */
export const lighthouseAdminEnv = {
  ADMIN_EMAIL: LIGHTHOUSE_ADMIN.email,
  ADMIN_PASSWORD: LIGHTHOUSE_ADMIN.password,
};

/** An admin path, measured signed in and judged by the admin's budget. */
export function isAdminPath(page: string): boolean {
  const { pathname } = new URL(page, "http://site.invalid");
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** A request to the measured site, as it answers (redirects not followed). */
export type SiteRequest = (
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>;

/** The session cookie's name: `__Host-sid` on a site whose PUBLIC_URL is https, else `sid`. */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith("https:") ? "__Host-sid" : "sid";
}

/**
 * Sign in through the real form endpoint, as the browser's form posts it (with its Origin), and
 * check that the session opens the admin. Returns the Cookie header value for Lighthouse.
 */
export async function signIn(request: SiteRequest, publicUrl: string): Promise<string> {
  const name = sessionCookieName(publicUrl);
  const answer = await request("/auth", {
    method: "POST",
    headers: {
      Origin: new URL(publicUrl).origin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      email: LIGHTHOUSE_ADMIN.email,
      password: LIGHTHOUSE_ADMIN.password,
    }).toString(),
  });
  const setCookies = [answer.headers["set-cookie"] ?? []].flat();
  const session = setCookies.find((line) => line.startsWith(`${name}=`))?.split(";")[0];
  if (answer.status !== 302 || !session || session === `${name}=`) {
    throw new Error(
      `a entrada no painel falhou: HTTP ${answer.status}, cookies [${setCookies.map((c) => c.split("=")[0]).join(", ")}], ` +
        `esperado ${name}: ${answer.text.replace(/\s+/g, " ").slice(0, 200)}`,
    );
  }
  const check = await request("/admin/inicio", { headers: { Cookie: session } });
  if (check.status !== 200) {
    throw new Error(
      `a sessão não abre o painel: GET /admin/inicio respondeu ${check.status} ${String(check.headers.location ?? "")}`,
    );
  }
  return session;
}
