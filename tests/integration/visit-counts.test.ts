import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTERNAL_REFERRER } from "~/lib/visit-dimensions";
import { whatsappUrl } from "~/lib/whatsapp";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { siteFromEnv } from "~/server/settings/company-defaults.server";
import { startVisitCounter } from "~/server/visits/visit-counter.server";
import {
  figuresPerPage,
  figuresPerSource,
  tapsPerWeek,
  visitsPerWeek,
} from "~/server/visits/visit-report.server";
import { pageViewOf, visitorDigestOf } from "~/server/visits/visit-request.server";
import { type RunningServer, startServer } from "../../harness/server";
import { testEngines } from "../support/test-database";

// Visits counted without cookies and taps on the contact links, on every database engine: first
// the counter and the report against the database, then a production server answering real
// requests (needs the production build, npm run build).

const PUBLIC_URL = "https://www.exemplo-condominio.com.br";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36";
const RESET_TOKEN = "Qm9yYSBsw6EgdG9rZW4tc2VjcmV0bw";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The visitor of a tap, as the counting address knows it. */
const tapper = (address: string, userAgent: string) => ({
  address,
  digest: visitorDigestOf(address, userAgent),
});

const view = (path: string, userAgent: string, address: string, referer?: string) => {
  const url = new URL(path, PUBLIC_URL);
  const headers: Record<string, string> = { "User-Agent": userAgent };
  if (referer) headers.Referer = referer;
  return pageViewOf(new Request(url, { headers }), url, address);
};

describe.each(testEngines())("the visit counts on $name", (engine) => {
  beforeAll(async () => {
    await startDatabase(engine.env);
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  // Wednesday 25 November 2026, 15:00 in São Paulo; the next day starts at 03:00 UTC.
  let clock = new Date("2026-11-25T18:00:00.000Z");
  const now = () => clock;

  it("counts the same client twice in a day as one visitor, with its campaign and device", async () => {
    const counter = startVisitCounter({ flushMs: 3_600_000, now });
    try {
      counter.countView(
        view("/obras?utm_source=google&utm_medium=cpc&utm_campaign=verao", PHONE, "203.0.113.7"),
      );
      counter.countView(
        view("/obras?utm_source=google&utm_medium=cpc&utm_campaign=verao", PHONE, "203.0.113.7"),
      );
      counter.countView(view("/obras", BROWSER, "198.51.100.4", "https://www.instagram.com/p/abc"));
      counter.countView(view("/contato", BROWSER, "198.51.100.4", `${PUBLIC_URL}/obras`));
      counter.countTap(
        "whatsapp",
        {
          page: "/obras",
          referrerHost: "",
          utmSource: "google",
          utmMedium: "cpc",
          utmCampaign: "verao",
        },
        tapper("203.0.113.7", PHONE),
      );
      await counter.flush();
    } finally {
      await counter.stop();
    }
    const db = await database();
    const rows = await db
      .selectFrom("visit_counts")
      .select(["page", "referrer_host", "utm_source", "utm_campaign", "device", "views"])
      .where("day", "=", "2026-11-25")
      .orderBy("page")
      .orderBy("views", "desc")
      .execute();
    expect(rows.map((r) => ({ ...r, views: Number(r.views) }))).toEqual([
      {
        page: "/contato",
        referrer_host: INTERNAL_REFERRER,
        utm_source: "",
        utm_campaign: "",
        device: "computador",
        views: 1,
      },
      {
        page: "/obras",
        referrer_host: "",
        utm_source: "google",
        utm_campaign: "verao",
        device: "celular",
        views: 2,
      },
      {
        page: "/obras",
        referrer_host: "www.instagram.com",
        utm_source: "",
        utm_campaign: "",
        device: "computador",
        views: 1,
      },
    ]);
    const range = { from: "2026-11-23", to: "2026-11-29" };
    expect(await visitsPerWeek(range)).toEqual([{ week: "2026-11-23", views: 4, visitors: 2 }]);
    const pages = await figuresPerPage(range);
    expect(pages).toEqual([
      { page: "/obras", views: 3, visitors: 2, taps: 1 },
      { page: "/contato", views: 1, visitors: 1, taps: 0 },
    ]);
    const google = (await figuresPerSource(range)).find((s) => s.utmSource === "google");
    expect(google).toMatchObject({ utmMedium: "cpc", utmCampaign: "verao", views: 2, visitors: 1, taps: 1 });
    expect(await tapsPerWeek(range)).toEqual([
      { week: "2026-11-23", total: 1, whatsapp: 1, telefone: 0, email: 0 },
    ]);
    // Nothing that names a person is stored: no address, no User-Agent.
    const stored = JSON.stringify(await db.selectFrom("visit_visitors").selectAll().execute());
    expect(stored).not.toContain("203.0.113.7");
    expect(stored).not.toContain("Android");
  });

  it("deletes a finished day's salt and visitor hashes, keeping its unique visitors", async () => {
    const db = await database();
    expect(await db.selectFrom("visit_salts").select("day").execute()).toEqual([{ day: "2026-11-25" }]);
    // Five minutes into the next day: the day's last counts may still be on their way.
    clock = new Date("2026-11-26T03:05:00.000Z");
    const counter = startVisitCounter({ flushMs: 3_600_000, now });
    try {
      await counter.closeFinishedDays();
      expect(await db.selectFrom("visit_salts").select("day").execute()).toEqual([{ day: "2026-11-25" }]);
      clock = new Date("2026-11-26T03:30:00.000Z");
      await counter.closeFinishedDays();
    } finally {
      await counter.stop();
    }
    expect(await db.selectFrom("visit_salts").select("day").execute()).toEqual([]);
    expect(await db.selectFrom("visit_visitors").select("day").execute()).toEqual([]);
    const range = { from: "2026-11-23", to: "2026-11-29" };
    expect(await visitsPerWeek(range)).toEqual([{ week: "2026-11-23", views: 4, visitors: 2 }]);
    expect((await figuresPerPage(range)).map((p) => [p.page, p.visitors])).toEqual([
      ["/obras", 2],
      ["/contato", 1],
    ]);
    const google = (await figuresPerSource(range)).find((s) => s.utmSource === "google");
    expect(google?.visitors).toBe(1);
  });

  it("counts a tap two pages after the landing with the campaign the visitor came in with", async () => {
    // A day of its own, in another week: the other tests' totals stay theirs.
    const ownDay = () => new Date("2026-12-09T18:00:00.000Z");
    const counter = startVisitCounter({ flushMs: 3_600_000, now: ownDay });
    try {
      const landing = view(
        "/?utm_source=instagram&utm_medium=social&utm_campaign=fachada-nov",
        PHONE,
        "203.0.113.9",
      );
      counter.countView(landing);
      counter.countView(view("/obras", PHONE, "203.0.113.9", `${PUBLIC_URL}/`));
      const fromObras = {
        page: "/obras",
        referrerHost: INTERNAL_REFERRER,
        utmSource: "",
        utmMedium: "",
        utmCampaign: "",
      };
      counter.countTap("whatsapp", fromObras, tapper("203.0.113.9", PHONE));
      // Another visitor (another browser) tapping from the same page has no campaign.
      counter.countTap("whatsapp", fromObras, tapper("203.0.113.9", BROWSER));
      // A tap whose own link carried a campaign keeps it.
      counter.countTap(
        "telefone",
        { ...fromObras, utmSource: "google", utmCampaign: "busca" },
        tapper("203.0.113.9", PHONE),
      );
      await counter.flush();
    } finally {
      await counter.stop();
    }
    const db = await database();
    const taps = await db
      .selectFrom("contact_taps")
      .select(["kind", "page", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "taps"])
      .where("day", "=", "2026-12-09")
      .where("page", "=", "/obras")
      // The first test's tap on /obras carried a campaign of its own ("verao").
      .where("utm_campaign", "in", ["", "fachada-nov", "busca"])
      .orderBy("kind")
      .orderBy("utm_campaign")
      .execute();
    expect(taps.map((t) => ({ ...t, taps: Number(t.taps) }))).toEqual([
      {
        kind: "telefone",
        page: "/obras",
        referrer_host: INTERNAL_REFERRER,
        utm_source: "google",
        utm_medium: "",
        utm_campaign: "busca",
        taps: 1,
      },
      {
        kind: "whatsapp",
        page: "/obras",
        referrer_host: INTERNAL_REFERRER,
        utm_source: "",
        utm_medium: "",
        utm_campaign: "",
        taps: 1,
      },
      {
        kind: "whatsapp",
        page: "/obras",
        referrer_host: "",
        utm_source: "instagram",
        utm_medium: "social",
        utm_campaign: "fachada-nov",
        taps: 1,
      },
    ]);
  });
});

describe.each(testEngines())("contact taps that cannot be pumped, on $name", (engine) => {
  beforeAll(async () => {
    await startDatabase(engine.env);
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  const fromPage = (page: string, source: Partial<Record<"utmSource" | "utmCampaign", string>> = {}) => ({
    page,
    referrerHost: "",
    utmSource: "",
    utmMedium: "",
    utmCampaign: "",
    ...source,
  });
  const tapsOn = async (day: string) =>
    (
      await (
        await database()
      )
        .selectFrom("contact_taps")
        .select(["kind", "page", "utm_campaign", "taps"])
        .where("day", "=", day)
        .orderBy("kind")
        .orderBy("page")
        .orderBy("utm_campaign")
        .execute()
    ).map((t) => ({ ...t, taps: Number(t.taps) }));

  it("counts a visitor's tap once per kind and page a day, whichever instance each report reaches", async () => {
    const now = () => new Date("2026-12-02T15:00:00.000Z");
    // Two instances behind one load balancer: the ping reaches one, the beacon the other.
    const first = startVisitCounter({ flushMs: 3_600_000, now });
    const second = startVisitCounter({ flushMs: 3_600_000, now });
    try {
      const visitor = tapper("203.0.113.20", PHONE);
      expect(first.countTap("whatsapp", fromPage("/obras"), visitor)).toBe(true);
      expect(first.countTap("whatsapp", fromPage("/obras"), visitor)).toBe(true);
      await first.flush();
      expect(second.countTap("whatsapp", fromPage("/obras"), visitor)).toBe(true);
      // Another kind, another page, another visitor: each a tap of its own.
      second.countTap("email", fromPage("/obras"), visitor);
      second.countTap("whatsapp", fromPage("/servicos"), visitor);
      second.countTap("whatsapp", fromPage("/obras"), tapper("203.0.113.21", PHONE));
      await second.flush();
      // Again after both flushed: still nothing new.
      first.countTap("whatsapp", fromPage("/obras"), visitor);
      await first.flush();
    } finally {
      await first.stop();
      await second.stop();
    }
    expect(await tapsOn("2026-12-02")).toEqual([
      { kind: "email", page: "/obras", utm_campaign: "", taps: 1 },
      { kind: "whatsapp", page: "/obras", utm_campaign: "", taps: 2 },
      { kind: "whatsapp", page: "/servicos", utm_campaign: "", taps: 1 },
    ]);
  });

  it("refuses an address's taps past the hour's number, and new values past the day's as (outras)", async () => {
    const now = () => new Date("2026-12-03T15:00:00.000Z");
    const counter = startVisitCounter({ flushMs: 3_600_000, now, tapsPerAddressHour: 3, newValuesPerDay: 2 });
    try {
      // The fourth tap of the hour is refused, even of a page already tapped.
      const verdicts = ["/obras", "/servicos", "/obras", "/servicos"].map((page) =>
        counter.countTap("telefone", fromPage(page), tapper("198.51.100.30", BROWSER)),
      );
      expect(verdicts).toEqual([true, true, true, false]);
      // Other addresses: two new campaigns are admitted, the third and fourth are "(outras)".
      for (const [i, campaign] of ["um", "dois", "tres", "quatro", "um"].entries()) {
        counter.countTap(
          "whatsapp",
          fromPage("/obras", { utmCampaign: campaign }),
          tapper(`198.51.100.${40 + i}`, PHONE),
        );
      }
      // A page named by the tap is a value like the others: the day's third new one is "(outras)".
      counter.countTap("email", fromPage("/inventada-1"), tapper("198.51.100.50", PHONE));
      await counter.flush();
    } finally {
      await counter.stop();
    }
    expect(await tapsOn("2026-12-03")).toEqual([
      { kind: "email", page: "(outras)", utm_campaign: "", taps: 1 },
      { kind: "telefone", page: "/obras", utm_campaign: "", taps: 1 },
      { kind: "telefone", page: "/servicos", utm_campaign: "", taps: 1 },
      { kind: "whatsapp", page: "/obras", utm_campaign: "(outras)", taps: 2 },
      { kind: "whatsapp", page: "/obras", utm_campaign: "dois", taps: 1 },
      { kind: "whatsapp", page: "/obras", utm_campaign: "um", taps: 2 },
    ]);
  });

  it("keeps campaign tags trimmed and at most 100 characters", async () => {
    const now = () => new Date("2026-12-04T15:00:00.000Z");
    const counter = startVisitCounter({ flushMs: 3_600_000, now });
    try {
      counter.countView(
        view(
          `/obras?utm_campaign=${encodeURIComponent(`   ${"x".repeat(300)}  `)}&utm_source=%20google%20`,
          PHONE,
          "203.0.113.60",
        ),
      );
      await counter.flush();
    } finally {
      await counter.stop();
    }
    const rows = await (await database())
      .selectFrom("visit_counts")
      .select(["utm_source", "utm_campaign"])
      .where("day", "=", "2026-12-04")
      .execute();
    expect(rows).toEqual([{ utm_source: "google", utm_campaign: "x".repeat(100) }]);
  });

  it("deletes a finished day's tap hashes with its salt", async () => {
    const db = await database();
    expect(
      (await db.selectFrom("contact_tap_visitors").select("day").where("day", "=", "2026-12-02").execute())
        .length,
    ).toBeGreaterThan(0);
    const counter = startVisitCounter({
      flushMs: 3_600_000,
      now: () => new Date("2026-12-05T15:00:00.000Z"),
    });
    try {
      await counter.closeFinishedDays();
    } finally {
      await counter.stop();
    }
    expect(
      await db.selectFrom("contact_tap_visitors").select("day").where("day", "<", "2026-12-05").execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom("visit_salts").select("day").where("day", "<", "2026-12-05").execute(),
    ).toEqual([]);
    // The counts stay.
    expect(await tapsOn("2026-12-02")).toHaveLength(3);
  });
});

/** The views and taps a server's database holds, by page. */
async function storedCounts(env: Record<string, string>) {
  const handle = await openDatabase(databaseConfigFromEnv(env));
  try {
    const views = await handle.db.selectFrom("visit_counts").select(["page", "views"]).execute();
    const visitors = await handle.db.selectFrom("visit_visitors").select(["page", "visitor_hash"]).execute();
    const taps = await handle.db.selectFrom("contact_taps").selectAll().execute();
    const viewsByPage: Record<string, number> = {};
    for (const row of views) viewsByPage[row.page] = (viewsByPage[row.page] ?? 0) + Number(row.views);
    return { viewsByPage, visitors, taps };
  } finally {
    await handle.close();
  }
}

const serverEnv = (engine: Record<string, string>) => ({
  // The server inherits this process's environment: only the engine's database counts.
  DATABASE_URL: "",
  DATABASE_SCHEMA: "",
  ...engine,
  PUBLIC_URL,
});

describe.each(testEngines())("a production server counting on $name", (engine) => {
  let server: RunningServer;
  const site = siteFromEnv({ PUBLIC_URL });
  const whatsapp = whatsappUrl(site.whatsappDigits, site.whatsappMessage);
  beforeAll(async () => {
    server = await startServer(serverEnv(engine.env));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await engine.drop();
  });

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(new URL(path, server.url), {
      method,
      redirect: "manual",
      headers: { "User-Agent": BROWSER, "Accept-Encoding": "gzip", ...headers },
    });

  it("counts a cached and an uncached view once each, and no bot, prefetch, admin or HEAD", async () => {
    const first = await get("/servicos");
    const second = await get("/servicos");
    expect([first.headers.get("x-render-cache"), second.headers.get("x-render-cache")]).toEqual([
      "miss",
      "hit",
    ]);
    // Counting changes nothing the cache serves.
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    await get("/servicos", { "User-Agent": PHONE });

    expect((await get("/obras", { "User-Agent": BOT })).status).toBe(200);
    expect((await get("/obras", { "Sec-Purpose": "prefetch" })).status).toBe(200);
    expect((await get("/obras", { Purpose: "prefetch" })).status).toBe(200);
    expect((await get("/obras", {}, "HEAD")).status).toBe(200);
    expect((await get("/admin")).status).toBe(302);
    expect((await get("/auth")).status).toBe(200);
    expect((await get("/blog/rss.xml")).status).toBe(200);
    expect((await get("/pagina-que-nao-existe")).status).toBe(404);
  });

  it("sends each contact link to the settings' target and counts the tap", async () => {
    const tap = await get("/contato/whatsapp?de=/obras", {
      Referer: `${server.url}/obras?utm_source=instagram&utm_campaign=fachadas`,
    });
    expect(tap.status).toBe(302);
    expect(tap.headers.get("location")).toBe(whatsapp);
    expect(tap.headers.get("cache-control")).toBe("no-store");
    expect((await get("/contato/telefone?de=/")).headers.get("location")).toBe(`tel:+${site.phoneDigits}`);
    expect((await get("/contato/email?de=/contato")).headers.get("location")).toBe(`mailto:${site.email}`);
  });

  it("never sends a tampered or unknown contact link anywhere else", async () => {
    for (const de of [
      "https://evil.example/x",
      "//evil.example",
      "javascript:alert(1)",
      "/a%0d%0aSet-Cookie:x",
    ]) {
      const tap = await get(`/contato/whatsapp?de=${encodeURIComponent(de)}`);
      expect(tap.status, de).toBe(302);
      expect(tap.headers.get("location"), de).toBe(whatsapp);
    }
    const unknown = await get("/contato/fax?de=https://evil.example");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("location")).toBeNull();
    expect(await unknown.text()).toContain("Página não encontrada");
    // A bot's request is sent on, not counted.
    expect((await get("/contato/email?de=/", { "User-Agent": BOT })).headers.get("location")).toBe(
      `mailto:${site.email}`,
    );
  });

  it("counts a link's ping and its beacon as one tap, and refuses another site's", async () => {
    const ping = await get(
      "/toque?tipo=whatsapp&de=/obras",
      {
        "Content-Type": "text/ping",
        Origin: server.url,
        "Ping-From": `${server.url}/obras?utm_source=instagram&utm_campaign=fachadas`,
        "Ping-To": whatsapp,
      },
      "POST",
    );
    expect(ping.status).toBe(204);
    expect(ping.headers.get("cache-control")).toBe("no-store");
    const beacon = await get("/toque?tipo=whatsapp&de=/obras", { Origin: server.url }, "POST");
    expect(beacon.status).toBe(204);
    const foreign = await get("/toque?tipo=whatsapp&de=/obras", { Origin: "https://evil.example" }, "POST");
    expect(foreign.status).toBe(403);
    // An unknown kind is refused in pt-BR; the counting address is no page to see.
    const fax = await get("/toque?tipo=fax&de=/obras", { Origin: server.url }, "POST");
    expect(fax.status).toBe(400);
    expect(await fax.text()).toBe("Tipo de contato desconhecido.");
    expect((await get("/toque?tipo=whatsapp&de=/obras")).status).toBe(404);
    // A page whose address holds a token is counted by its pattern.
    expect(
      (await get(`/toque?tipo=whatsapp&de=/redefinir-senha/${RESET_TOKEN}`, { Origin: server.url }, "POST"))
        .status,
    ).toBe(204);
  });

  it("counts a page shown from a prefetch once it is shown, and nothing else a beacon names", async () => {
    expect((await get("/obras", { "Sec-Purpose": "prefetch" })).status).toBe(200);
    const shown = await get(
      `/visita?p=${encodeURIComponent("/obras")}&r=${encodeURIComponent(`${server.url}/servicos`)}`,
      { Origin: server.url },
      "POST",
    );
    expect(shown.status).toBe(204);
    for (const page of ["//evil.example/x", "https://evil.example/", "javascript:alert(1)", ""]) {
      const refused = await get(`/visita?p=${encodeURIComponent(page)}`, { Origin: server.url }, "POST");
      expect(refused.status, page).toBe(400);
      expect(await refused.text()).toBe("Página inválida.");
    }
    for (const page of [
      `/redefinir-senha/${RESET_TOKEN}`,
      "/admin",
      "/contato/whatsapp",
      "/visita",
      "/toque",
    ]) {
      expect(
        (await get(`/visita?p=${encodeURIComponent(page)}`, { Origin: server.url }, "POST")).status,
      ).toBe(204);
    }
    expect((await get("/visita")).status).toBe(404);
  });

  it("has written every count by the time it stopped", async () => {
    await server.stop();
    const { viewsByPage, visitors, taps } = await storedCounts(serverEnv(engine.env));
    expect(viewsByPage).toEqual({ "/servicos": 3, "/obras": 1 });
    // The same client twice is one visitor; the phone is a second one.
    expect(visitors.filter((v) => v.page === "/servicos")).toHaveLength(2);
    const byKind = (kind: string) =>
      taps.filter((t) => t.kind === kind).reduce((sum, t) => sum + Number(t.taps), 0);
    // One visitor: its taps count once per kind and page (the tampered ones are all page "").
    // The ping, the beacon and the GET of /obras's WhatsApp are one tap; the secret page's one.
    expect([byKind("whatsapp"), byKind("telefone"), byKind("email")]).toEqual([3, 1, 1]);
    const campaign = taps.find((t) => t.utm_campaign === "fachadas");
    expect(campaign).toMatchObject({ kind: "whatsapp", page: "/obras", utm_source: "instagram" });
    // Tampered pages are never stored as a page, nor a page's secret.
    expect(
      taps
        .filter((t) => t.kind === "whatsapp" && t.page !== "/obras")
        .map((t) => t.page)
        .sort(),
    ).toEqual(["", "/redefinir-senha/:token"]);
    expect(JSON.stringify(taps)).not.toContain(RESET_TOKEN);
    // The page shown from a prefetch is a view of /obras (its prefetch was not); the beacon that
    // named another site's page or a secret page counted nothing.
    expect(viewsByPage["/obras"]).toBe(1);
  });
});
