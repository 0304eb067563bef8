import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { type SiteCluster, startCluster } from "../../harness/site-cluster";
import { E2E_ADMIN, signInOverHttp } from "../support/admin-auth";
import { validQuote } from "../support/quote-requests";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { ownDatabase } from "../support/test-database";

// Two instances of the production server on one PostgreSQL behind Caddy (deploy/Caddyfile, HTTPS),
// as `npm run cluster` starts them: what one instance changes, the other shows at its very next
// answer; sessions, quote e-mails and rate limits are shared; cookies are Secure and HSTS is sent
// behind the proxy. A scheduled post is published once: tests/integration/scheduling-instances.test.ts.

test.skip(
  !process.env.DATABASE_URL?.startsWith("postgres"),
  "Several instances share a PostgreSQL database: this runs in the suite's PostgreSQL pass.",
);
test.describe.configure({ mode: "serial", timeout: 180_000 });

const QUOTE_LIMIT = 6;
const NEW_WHATSAPP = "5541955554444";

let cluster: SiteCluster;
let sink: SmtpSink;
const database = ownDatabase("cluster");

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  cluster = await startCluster({
    instances: 2,
    env: {
      ...database.env,
      ...sink.env,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      QUOTE_MIN_FILL_SECONDS: "0",
      QUOTE_RATE_LIMIT_PER_HOUR: String(QUOTE_LIMIT),
    },
  });
});
test.afterAll(async () => {
  await cluster?.stop();
  await sink?.close();
  await database.drop();
});

const uid = () => randomUUID().slice(0, 8);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_HEADERS = { "Content-Type": "application/x-www-form-urlencoded" };

function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((cookie) => cookie.startsWith("__Host-sid="));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session;
}

test("behind Caddy the site is HTTPS: HSTS, and a Secure __Host- session cookie", async () => {
  const home = await cluster.request("/");
  expect(home.status).toBe(200);
  expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d+/);

  const signIn = await cluster.request("/auth", {
    method: "POST",
    headers: { ...FORM_HEADERS, Origin: cluster.url },
    body: form({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  expect(signIn.status).toBe(302);
  const cookie = sessionCookie(signIn.headers["set-cookie"]);
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/; HttpOnly/i);
});

test("Caddy runs with its drop-in's settings (deploy/caddy-environment.conf)", () => {
  const environ = readFileSync(`/proc/${cluster.caddyPid}/environ`, "utf8").split("\0");
  expect(environ).toContain("GOMAXPROCS=1");
});

test("a session opened on one instance works on the other, and signing out on the other ends it", async ({
  request,
}) => {
  const [a, b] = cluster.instances as [SiteCluster["instances"][0], SiteCluster["instances"][0]];
  const token = await signInOverHttp(request, { baseUrl: a.url });
  const cookie = `__Host-sid=${token}`;
  for (const instance of [a, b]) {
    const admin = await fetch(`${instance.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(admin.status, instance.url).toBe(200);
  }
  const signOut = await fetch(`${b.url}/admin/sair`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: b.url },
    redirect: "manual",
  });
  expect([302, 303]).toContain(signOut.status);
  const afterwards = await fetch(`${a.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(afterwards.status).toBe(302);
  expect(afterwards.headers.get("location")).toBe("/auth");
});

test("a post, a work and the settings changed through one instance are in the other's next answer", async ({
  page,
}) => {
  const [a, b] = cluster.instances as [SiteCluster["instances"][0], SiteCluster["instances"][0]];
  const handle = await openDatabase(databaseConfigFromEnv(database.env));
  try {
    const category = await handle.db.selectFrom("categories").select("id").executeTakeFirstOrThrow();
    const work = await handle.db
      .selectFrom("works")
      .select(["id", "title"])
      .where("published", "=", true)
      .executeTakeFirstOrThrow();
    // Instance B has every page in its render cache.
    for (const path of ["/blog", "/obras", "/"]) {
      await fetch(`${b.url}${path}`);
      expect((await fetch(`${b.url}${path}`)).headers.get("x-render-cache"), path).toBe("hit");
    }
    expect(await (await fetch(`${b.url}/obras`)).text()).toContain(work.title);

    await signInOverHttp(page.request, { baseUrl: a.url });
    const title = `Publicado pela instância A ${uid()}`;
    const saved = await page.request.post(`${a.url}/admin/posts/novo`, {
      headers: { Origin: a.url },
      form: {
        title,
        categoryId: category.id,
        excerpt: "Escrito em uma instância, lido na outra.",
        content: "<p>Conteúdo.</p>",
        readTime: "3",
        status: "published",
      },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    const unpublished = await page.request.post(`${a.url}/admin/obras`, {
      headers: { Origin: a.url },
      form: { intent: "unpublish", id: work.id },
      maxRedirects: 0,
    });
    expect(unpublished.status()).toBe(302);
    await page.goto(`${a.url}/admin/configuracoes`);
    const settings = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Salvar configurações" }) });
    await settings.getByLabel("WhatsApp, se for outro número").fill(NEW_WHATSAPP);
    await settings.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(
      page.getByRole("region", { name: "Notificações" }).getByText("Configurações salvas!"),
    ).toBeVisible();

    // B's very next answers (no waiting): the database told it of each change.
    expect(await (await fetch(`${b.url}/blog`)).text()).toContain(title);
    expect(await (await fetch(`${b.url}/obras`)).text()).not.toContain(work.title);
    expect(await (await fetch(`${b.url}/`)).text()).toContain(`https://wa.me/${NEW_WHATSAPP}`);
  } finally {
    await handle.close();
  }
});

test("quote requests through Caddy: each e-mail is sent once, and the limit counts across instances", async () => {
  const contact = await cluster.request("/contato");
  const token = /name="form_token" value="([^"]+)"/.exec(contact.text)?.[1] ?? "";
  expect(token).not.toBe("");
  const emails: string[] = [];
  const statuses: number[] = [];
  // Caddy sends the requests to the instances in turn.
  for (let n = 0; n <= QUOTE_LIMIT; n++) {
    const email = `cluster.${uid()}@exemplo.com.br`;
    emails.push(email);
    const answer = await cluster.request("/contato", {
      method: "POST",
      headers: { ...FORM_HEADERS, Origin: cluster.url },
      body: form({ ...validQuote, email, form_token: token }),
    });
    statuses.push(answer.status);
  }
  // The limit is per client address over both instances: the one past it is refused.
  expect(statuses).toEqual([...Array<number>(QUOTE_LIMIT).fill(200), 429]);
  const accepted = emails.slice(0, QUOTE_LIMIT);

  // Each request: the company's notification and the visitor's confirmation.
  await sink.waitForMessages(2 * QUOTE_LIMIT, 60_000);
  // Both instances run the outbox worker: give a duplicate every chance to arrive.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  expect(sink.messages).toHaveLength(2 * QUOTE_LIMIT);
  for (const email of accepted) {
    const about = sink.messages.filter((message) => message.raw.includes(email));
    const toVisitor = about.filter((message) => message.envelopeTo.includes(email));
    expect(about, email).toHaveLength(2);
    expect(toVisitor, email).toHaveLength(1);
  }
  // Both instances answered requests.
  for (const instance of cluster.instances) expect(instance.log()).toContain('"path":"/contato"');
});
