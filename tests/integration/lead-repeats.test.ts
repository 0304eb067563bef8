import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { siteDay } from "~/lib/site-time";
import { parseLeadListQuery } from "~/server/admin-lists/list-query.server";
import { administratorHome } from "~/server/dashboard/admin-home.server";
import { database } from "~/server/db/database.server";
import { LEAD_DIGEST } from "~/server/email/lead-digest-email.server";
import { LEAD_NOTIFICATION } from "~/server/email/outbox.server";
import { leadBoard } from "~/server/leads/lead-board.server";
import { leadDashboard } from "~/server/leads/lead-dashboard.server";
import { queueLeadDigestIfDue } from "~/server/leads/lead-digest.server";
import { REPEAT_WINDOW_MS } from "~/server/leads/lead-repeats.server";
import { saveLead } from "~/server/leads/leads.server";
import { deleteLead, getLead, listLeadRepeats, listLeads } from "~/server/leads/leads-admin.server";
import { conversions } from "~/server/visits/conversions.server";
import { describeOnEachEngine } from "../support/engine-suite";
import { oldToken, submit, validQuote } from "../support/quote-requests";

// A request sent again within minutes by the same person (docs/decisions/0090): kept, pointing
// at the first, shown as its repeat and counted as no request of its own; the same form posted
// twice is stored once. Each request gets a number of its own, never given again.

const uid = () => randomUUID().slice(0, 8);
let ip = 0;
const nextIp = () => `198.51.100.${++ip % 250}`;

/** A request of a person of its own: nothing another test sends can be its repeat. */
function person() {
  const id = uid();
  return {
    ...validQuote,
    name: `Síndica ${id}`,
    email: `sindica.${id}@exemplo.com.br`,
    phone: `(41) 9${String(Number.parseInt(id.slice(0, 6), 16) % 10_000).padStart(4, "0")}-${String(Number.parseInt(id.slice(6), 16) % 10_000).padStart(4, "0")}`,
    message: `Infiltração na garagem, bloco ${id}.`,
  };
}

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

async function row(id: string) {
  const db = await database();
  return db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describeOnEachEngine("repeated quote requests", () => {
  describe("through the form", () => {
    it("keeps a request sent again from the cleared form as a repeat, and tells the visitor the first one's number", async () => {
      const fields = person();
      const first = await submit(fields, { clientIp: nextIp() });
      expect(first.status).toBe(200);
      expect(first.data.confirmation?.alreadyReceived).toBe(false);
      // The cleared form carries a token of its own: a second send from it is a new post.
      expect(first.data.formToken).not.toBe("");
      const again = await submit(fields, { clientIp: nextIp(), token: await oldToken(30_000) });
      expect(again.status).toBe(200);
      expect(again.data.confirmation).toEqual({ ...first.data.confirmation, alreadyReceived: true });

      const db = await database();
      const rows = await db
        .selectFrom("leads")
        .select(["id", "number", "repeat_of"])
        .where("email", "=", fields.email)
        .orderBy("created_at")
        .execute();
      expect(rows).toHaveLength(2);
      const [original, repeat] = rows;
      expect(original?.repeat_of).toBeNull();
      expect(repeat?.repeat_of).toBe(original?.id);
      expect(first.data.confirmation?.number).toBe(original?.number);
      // The repeat has a number of its own, and its e-mail to the company says what it is.
      expect(repeat?.number).toBeGreaterThan(original?.number ?? Number.POSITIVE_INFINITY);
      const kinds = await db
        .selectFrom("outbox")
        .select("kind")
        .where("lead_id", "=", repeat?.id ?? "")
        .execute();
      expect(kinds.map((k) => k.kind)).toEqual([LEAD_NOTIFICATION]);
    });
  });

  describe("what counts as a repeat", () => {
    it("is the same e-mail or the same phone asking the same thing, spacing and case aside, within the window", async () => {
      const base = new Date(Date.now() - 60 * 60 * 1000);
      const fields = person();
      const first = await saveLead(fields, {}, base);
      // Another e-mail, the same phone; the message typed again with other spacing and case.
      const samePhone = await saveLead(
        { ...fields, email: `outro.${uid()}@exemplo.com.br`, message: `  ${fields.message.toUpperCase()}\n` },
        {},
        at(base, 2 * 60_000),
      );
      // The same e-mail, the phone written another way (with the country code).
      const sameEmail = await saveLead(
        { ...fields, email: fields.email.toUpperCase(), phone: `+55 ${fields.phone}` },
        {},
        at(base, REPEAT_WINDOW_MS - 1_000),
      );
      for (const saved of [samePhone, sameEmail]) {
        expect(saved.stored).toBe(true);
        expect(saved.first).toEqual({
          id: first.id,
          number: first.first.number,
          created_at: base.toISOString(),
        });
        expect((await row(saved.id)).repeat_of).toBe(first.id);
      }
      // A repeat of a repeat points at the first, even once the first is out of the window.
      const third = await saveLead(fields, {}, at(base, REPEAT_WINDOW_MS + 60_000));
      expect((await row(third.id)).repeat_of).toBe(first.id);
      expect(third.first.id).toBe(first.id);
    });

    it("is not a request after the window, nor one asking something else", async () => {
      const base = new Date(Date.now() - 2 * 60 * 60 * 1000);
      const fields = person();
      const first = await saveLead(fields, {}, base);
      const cases = [
        ["after the window", fields, at(base, REPEAT_WINDOW_MS + 1)],
        ["another message", { ...fields, message: `${fields.message} E a fachada.` }, at(base, 60_000)],
        ["another service", { ...fields, service: "Vistoria Técnica" }, at(base, 60_000)],
        ["another condominium", { ...fields, condominium: "Edifício Ipê" }, at(base, 60_000)],
        [
          "another person",
          { ...fields, email: `outra.${uid()}@exemplo.com.br`, phone: "(41) 3333-0000" },
          at(base, 60_000),
        ],
      ] as const;
      for (const [label, input, when] of cases) {
        const saved = await saveLead(input, {}, when);
        expect(saved.stored, label).toBe(true);
        expect(saved.first.id, label).toBe(saved.id);
        expect((await row(saved.id)).repeat_of, label).toBeNull();
      }
      expect((await row(first.id)).repeat_of).toBeNull();
    });

    it("stores the same form posted twice once, and another form with the same request as a repeat", async () => {
      const fields = person();
      const formToken = `v1.${Date.now().toString(36)}.${uid()}`;
      const first = await saveLead(fields, { formToken });
      const repost = await saveLead(fields, { formToken });
      expect(repost).toEqual({ ...first, stored: false });
      const fromNewForm = await saveLead(fields, { formToken: `${formToken}-novo` });
      expect(fromNewForm.stored).toBe(true);
      expect(fromNewForm.first.id).toBe(first.id);
      // The re-post of a repeat is that repeat again, answered with the first's number.
      const repostOfRepeat = await saveLead(fields, { formToken: `${formToken}-novo` });
      expect(repostOfRepeat).toEqual({ ...fromNewForm, stored: false });
    });

    it("finds the first of identical requests arriving at the same moment", async () => {
      const fields = person();
      const db = await database();
      // Connections open beforehand (PostgreSQL's pool), so the requests really overlap.
      await Promise.all(Array.from({ length: 4 }, () => sql`select 1`.execute(db)));
      const all = await Promise.all(
        Array.from({ length: 4 }, (_, i) => saveLead(fields, { formToken: `${i}-${uid()}` })),
      );
      const originals = all.filter((saved) => saved.first.id === saved.id);
      expect(originals).toHaveLength(1);
      expect(new Set(all.map((saved) => saved.first.id)).size).toBe(1);
      const numbers = await Promise.all(all.map(async (saved) => (await row(saved.id)).number));
      expect(new Set(numbers).size).toBe(4);
    });
  });

  describe("for the owner", () => {
    it("lists the repeat linked to the first, and counts the person once on Início, the dashboard and the board", async () => {
      const fields = person();
      const today = { from: siteDay(new Date()), to: siteDay(new Date()) };
      const before = await administratorHome();
      const dashboardBefore = await leadDashboard();
      const boardBefore = await leadBoard(new Map([["novo", 1]]));
      const conversionsBefore = await conversions(today);
      const first = await saveLead(fields);
      const repeat = await saveLead(fields);

      // The inbox as the owner's search for the e-mail asks for it.
      const page = await listLeads(parseLeadListQuery(new URLSearchParams({ busca: fields.email })).query);
      const listed = new Map(page.items.map((item) => [item.id, item]));
      expect(listed.get(repeat.id)).toMatchObject({
        repeat_of: first.id,
        repeat_of_number: first.first.number,
        number: (await row(repeat.id)).number,
      });
      expect(listed.get(first.id)).toMatchObject({ repeat_of: null, repeat_of_number: null });
      expect(await getLead(repeat.id)).toMatchObject({
        repeat_of: first.id,
        repeat_of_number: first.first.number,
      });
      expect(await getLead(repeat.id)).not.toHaveProperty("form_token");
      expect((await listLeadRepeats(first.id)).map((r) => r.id)).toEqual([repeat.id]);

      const after = await administratorHome();
      expect(after.unansweredLeads.total).toBe(before.unansweredLeads.total + 1);
      expect(after.requestsThisWeek).toBe(before.requestsThisWeek + 1);
      const dashboard = await leadDashboard();
      expect(dashboard.total).toBe(dashboardBefore.total + 1);
      const outcomeRequests = (d: typeof dashboard) =>
        d.outcomes.services.reduce((sum, row) => sum + row.requests, 0);
      expect(outcomeRequests(dashboard)).toBe(outcomeRequests(dashboardBefore) + 1);
      const novo = (await leadBoard(new Map([["novo", 1]])))[0];
      expect(novo?.count).toBe((boardBefore[0]?.count ?? 0) + 1);
      expect(novo?.cards.map((card) => card.id)).not.toContain(repeat.id);
      expect((await conversions(today)).totals.requests).toBe(conversionsBefore.totals.requests + 1);
    });

    it("leaves a repeat out of the morning digest of requests waiting since yesterday", async () => {
      const db = await database();
      const yesterday = new Date(Date.now() - 30 * 60 * 60 * 1000);
      const fields = person();
      const first = await saveLead(fields, {}, yesterday);
      const repeat = await saveLead(fields, {}, at(yesterday, 60_000));
      // Tomorrow at 08:00 in Curitiba: a day no digest has been queued for yet.
      const tomorrow = siteDay(new Date(Date.now() + 86_400_000));
      const outcome = await queueLeadDigestIfDue(db, new Date(`${tomorrow}T11:00:00.000Z`));
      expect(outcome.status).toBe("queued");
      const [digest] = await db
        .selectFrom("outbox")
        .select("payload")
        .where("kind", "=", LEAD_DIGEST)
        .orderBy("created_at", "desc")
        .limit(1)
        .execute();
      const { leadIds } = JSON.parse(digest?.payload ?? "{}") as { leadIds: string[] };
      expect(leadIds).toContain(first.id);
      expect(leadIds).not.toContain(repeat.id);
    });

    it("gives each request a number never given again, and makes a repeat its own request once the first is erased", async () => {
      const fields = person();
      const first = await saveLead(fields);
      const repeat = await saveLead(fields);
      const firstNumber = (await row(first.id)).number ?? 0;
      expect((await row(repeat.id)).number).toBe(firstNumber + 1);

      const last = await saveLead(person());
      const lastNumber = (await row(last.id)).number ?? 0;
      await deleteLead(last.id);
      const next = await saveLead(person());
      expect((await row(next.id)).number).toBe(lastNumber + 1);

      await deleteLead(first.id);
      expect((await row(repeat.id)).repeat_of).toBeNull();
    });
  });
});
