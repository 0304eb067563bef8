import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyLeadSource } from "~/lib/lead-source";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { seedDemoContentIfEmpty } from "~/server/db/seed/seed-demo.server";
import { leadDashboard, weekStarts } from "~/server/leads/lead-dashboard.server";
import { saveLead } from "~/server/leads/leads.server";
import { getLead, listLeads } from "~/server/leads/leads-admin.server";
import { visitorConfirmationText } from "~/server/leads/visitor-confirmation.server";
import { leadSourceColumns, leadSourceOfRequest, parseLeadSource } from "~/server/visits/lead-source.server";
import { setActiveVisitCounter, startVisitCounter } from "~/server/visits/visit-counter.server";
import { pageViewOf } from "~/server/visits/visit-request.server";
import { configureWith, resetConfiguration } from "../support/configuration";
import { ORIGIN, submit, validQuote } from "../support/quote-requests";
import { testEngines } from "../support/test-database";

// Where quote requests come from: what the form's page records, what is kept of bad tracking
// data, and the dashboard's GROUP BY figures (weeks in São Paulo, empty weeks as 0). On every
// database engine.

// A Wednesday afternoon in Curitiba; its week began on Monday 23 November at 00:00 (03:00 UTC).
const NOW = new Date("2026-11-25T15:00:00.000Z");

let serial = 0;
async function lead(createdAt: string, source: Partial<typeof emptyLeadSource> = {}, status?: string) {
  const n = ++serial;
  const columns = await leadSourceColumns({ ...emptyLeadSource, ...source });
  const saved = await saveLead(
    // A phone of their own too: the same contact asking the same thing would be a repeat.
    {
      ...validQuote,
      name: `Pessoa ${n}`,
      email: `pessoa${n}@exemplo.com.br`,
      phone: `(41) 9${1000 + n}-0000`,
    },
    { source: columns },
    new Date(createdAt),
  );
  if (status) {
    const db = await database();
    await db
      .updateTable("leads")
      .set({ status: status as "fechado_ganho" })
      .where("id", "=", saved.id)
      .execute();
  }
  return saved.id;
}

describe("the source a page records (no database)", () => {
  const page = (url: string, referer?: string) =>
    leadSourceOfRequest(new Request(url, { headers: referer ? { Referer: referer } : {} }));

  it("takes the post and the tags from the page the visitor came from", () => {
    expect(
      page(
        `${ORIGIN}/contato`,
        `${ORIGIN}/blog/um-post?utm_source=newsletter&utm_medium=email&utm_campaign=verao`,
      ),
    ).toEqual({
      page: "/blog/um-post",
      referrerHost: null,
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "verao",
    });
  });

  it("prefers tags on the form's own address and names an external referrer by its host", () => {
    expect(page(`${ORIGIN}/contato?utm_source=instagram`, "https://www.Google.com.br/search?q=x")).toEqual({
      page: "/contato",
      referrerHost: "www.google.com.br",
      utmSource: "instagram",
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it("ignores javascript: and data: referrers and cuts 10,000-character tags", () => {
    const long = "x".repeat(10_000);
    const source = page(`${ORIGIN}/contato?utm_campaign=${long}`, "javascript:alert(1)");
    expect(source.referrerHost).toBeNull();
    expect(source.utmCampaign).toHaveLength(100);
    expect(page(`${ORIGIN}/contato`, "data:text/html,oi").referrerHost).toBeNull();
  });

  it("reads a forged hidden field leniently: bad parts dropped, good ones kept", () => {
    const forged = new URLSearchParams({
      page: "//evil.example/x",
      ref: "javascript:alert(1)",
      utm_source: `<script>${"a".repeat(5000)}`,
      utm_medium: "\u0000cpc\u202E",
    }).toString();
    const source = parseLeadSource(forged);
    expect(source.page).toBeNull();
    expect(source.referrerHost).toBeNull();
    expect(source.utmSource).toHaveLength(100);
    expect(source.utmMedium).toBe("cpc");
    expect(parseLeadSource("%%%&&&==")).toEqual(emptyLeadSource);
  });

  it("sends the visitor's confirmation only when it is on and SMTP is configured", () => {
    const on = { visitorConfirmation: { enabled: true, text: "Recebemos!" } };
    const off = { visitorConfirmation: { enabled: false, text: "Recebemos!" } };
    try {
      configureWith({ SMTP_URL: undefined });
      expect(visitorConfirmationText(on)).toBeNull();
      configureWith({ SMTP_URL: "smtp://127.0.0.1:2525" });
      expect(visitorConfirmationText(on)).toBe("Recebemos!");
      expect(visitorConfirmationText(off)).toBeNull();
    } finally {
      resetConfiguration();
    }
  });

  it("counts Monday to Sunday in São Paulo", () => {
    const starts = weekStarts(NOW);
    expect(starts).toHaveLength(12);
    expect(starts.at(-1)).toBe("2026-11-23");
    expect(starts[0]).toBe("2026-09-07");
    // Sunday 23:30 in Curitiba is still the week before.
    expect(weekStarts(new Date("2026-11-23T02:30:00.000Z")).at(-1)).toBe("2026-11-16");
  });
});

describe.each(testEngines())("lead sources on $name", (engine) => {
  let postSlug = "";
  let postTitle = "";
  beforeAll(async () => {
    const { db } = await startDatabase(engine.env);
    await seedDemoContentIfEmpty(db);
    const post = await db
      .selectFrom("blog_posts")
      .select(["slug", "title"])
      .where("status", "=", "published")
      .orderBy("slug")
      .executeTakeFirstOrThrow();
    postSlug = post.slug;
    postTitle = post.title;
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  it("resolves the post of the page, and ignores a forged or unknown one", async () => {
    const known = await leadSourceColumns({ ...emptyLeadSource, page: `/blog/${postSlug}` });
    expect(known.source_post_id).not.toBeNull();
    const forged = await leadSourceColumns({ ...emptyLeadSource, page: "/blog/post-que-nao-existe" });
    expect(forged.source_post_id).toBeNull();
    expect(forged.source_page).toBe("/blog/post-que-nao-existe");
  });

  it("counts the last 12 weeks by week, source, post, service and status", async () => {
    // Before the period: not counted.
    await lead("2026-09-07T02:59:00.000Z", { utmSource: "antigo" });
    // First minute of the period (Monday 7 September, 00:00 in São Paulo).
    await lead("2026-09-07T03:00:00.000Z", { referrerHost: "www.google.com" });
    // Sunday 22 November, 23:30 in São Paulo: the week before the current one.
    await lead("2026-11-23T02:30:00.000Z", { utmSource: "newsletter", page: `/blog/${postSlug}` });
    // This week.
    await lead(
      "2026-11-23T03:00:00.000Z",
      { utmSource: "newsletter", utmCampaign: "verao" },
      "fechado_ganho",
    );
    await lead("2026-11-25T12:00:00.000Z", { page: `/blog/${postSlug}` });
    await lead("2026-11-25T13:00:00.000Z");

    const dashboard = await leadDashboard(NOW);
    expect(dashboard.weeks.map((week) => week.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3]);
    expect(dashboard.weeks[0]?.start).toBe("2026-09-07");
    expect(dashboard.total).toBe(5);
    expect(dashboard.sources).toEqual([
      { label: "Direto", count: 2 },
      { label: "newsletter", count: 2 },
      { label: "www.google.com", count: 1 },
    ]);
    expect(dashboard.posts).toEqual([{ label: postTitle, count: 2 }]);
    // This week: the request of Wednesday, not the one of the Sunday before.
    expect(dashboard.postsThisWeek).toEqual([{ label: postTitle, count: 1 }]);
    expect(dashboard.campaigns).toEqual([{ label: "verao", count: 1 }]);
    expect(dashboard.services).toEqual([{ label: validQuote.service, count: 5 }]);
    expect(dashboard.statuses.find((row) => row.status === "fechado_ganho")?.count).toBe(1);
    expect(dashboard.statuses.find((row) => row.status === "novo")?.count).toBe(4);
  });

  it("an empty period is twelve zeros", async () => {
    const dashboard = await leadDashboard(new Date("2030-01-01T12:00:00.000Z"));
    expect(dashboard.weeks.map((week) => week.count)).toEqual(Array(12).fill(0));
    expect(dashboard.sources).toEqual([]);
  });

  it("takes the campaign the same visitor came in with today when the form's page names none", async () => {
    // The counter runs with a flush far away: nothing here is written, only remembered.
    const counter = startVisitCounter({ flushMs: 3_600_000 });
    setActiveVisitCounter(counter);
    try {
      const landing = new URL(`${ORIGIN}/?utm_source=instagram&utm_medium=social&utm_campaign=fachada-nov`);
      // No User-Agent on the test's form post: the visitor's digest is of its address alone.
      counter.countView(pageViewOf(new Request(landing), landing, "203.0.113.44"));
      const inside = "page=/servicos";
      const sameVisitor = `entrada-${engine.name}@exemplo.com.br`;
      const otherVisitor = `outro-${engine.name}@exemplo.com.br`;
      const ownCampaign = `propria-${engine.name}@exemplo.com.br`;
      expect(
        (await submit({ ...validQuote, email: sameVisitor, origem: inside }, { clientIp: "203.0.113.44" }))
          .status,
      ).toBe(200);
      expect(
        (await submit({ ...validQuote, email: otherVisitor, origem: inside }, { clientIp: "203.0.113.45" }))
          .status,
      ).toBe(200);
      // A request whose page carried its own campaign keeps it.
      expect(
        (
          await submit(
            { ...validQuote, email: ownCampaign, origem: `${inside}&utm_source=google&utm_campaign=busca` },
            { clientIp: "203.0.113.44" },
          )
        ).status,
      ).toBe(200);
      const db = await database();
      const rows = await db
        .selectFrom("leads")
        .select(["email", "source_page", "utm_source", "utm_medium", "utm_campaign"])
        .where("email", "in", [sameVisitor, otherVisitor, ownCampaign])
        .orderBy("email")
        .execute();
      expect(rows).toEqual([
        {
          email: sameVisitor,
          source_page: "/servicos",
          utm_source: "instagram",
          utm_medium: "social",
          utm_campaign: "fachada-nov",
        },
        {
          email: otherVisitor,
          source_page: "/servicos",
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
        },
        {
          email: ownCampaign,
          source_page: "/servicos",
          utm_source: "google",
          utm_medium: null,
          utm_campaign: "busca",
        },
      ]);
    } finally {
      setActiveVisitCounter(undefined);
      await counter.stop();
    }
  });

  it("stores what the form's field carries, and keeps the request when the field is garbage", async () => {
    const email = `campo-${engine.name}@exemplo.com.br`;
    const field = `page=/blog/${postSlug}&ref=www.google.com&utm_source=google&utm_campaign=${"c".repeat(300)}`;
    const sent = await submit({ ...validQuote, email, origem: field });
    expect(sent.status).toBe(200);
    expect(sent.data.outcome).toBe("sent");
    const db = await database();
    const row = await db
      .selectFrom("leads")
      .select(["source_page", "source_referrer_host", "utm_source", "utm_campaign", "source_post_id"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.source_page).toBe(`/blog/${postSlug}`);
    expect(row.source_referrer_host).toBe("www.google.com");
    expect(row.utm_source).toBe("google");
    expect(row.utm_campaign).toBe("c".repeat(100));
    expect(row.source_post_id).not.toBeNull();

    const garbage = `garbage-${engine.name}@exemplo.com.br`;
    const kept = await submit({
      ...validQuote,
      email: garbage,
      origem: "\u0000%zz&page=javascript:x&ref=<b>",
    });
    expect(kept.status).toBe(200);
    const stored = await db
      .selectFrom("leads")
      .select(["source_page", "source_referrer_host", "utm_source", "source_post_id"])
      .where("email", "=", garbage)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      source_page: null,
      source_referrer_host: null,
      utm_source: null,
      source_post_id: null,
    });
  });

  it("queues the visitor's confirmation once, and the inbox still lists the request once", async () => {
    // The same form posted twice (a refresh of the page its post answered): the same token.
    const formToken = `v1.${Date.now().toString(36)}.mesmo-formulario`;
    const saved = await saveLead(
      { ...validQuote, name: "Confirmação", email: "confirma@exemplo.com.br" },
      { confirmation: "Recebemos, obrigado!", formToken },
    );
    const again = await saveLead(
      { ...validQuote, name: "Confirmação", email: "confirma@exemplo.com.br" },
      { confirmation: "Recebemos, obrigado!", formToken },
    );
    expect(again).toEqual({ ...saved, stored: false });
    const db = await database();
    const kinds = await db.selectFrom("outbox").select("kind").where("lead_id", "=", saved.id).execute();
    expect(kinds.map((row) => row.kind).sort()).toEqual(["lead-confirmation", "lead-notification"]);
    const page = await listLeads({
      page: 1,
      status: null,
      service: null,
      from: null,
      to: null,
      search: "confirma@exemplo",
    });
    expect(page.items.map((item) => item.id)).toEqual([saved.id]);
    expect((await getLead(saved.id))?.delivery).toBe("pending");
  });
});
