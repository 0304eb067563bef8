import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HealthCheckId, HealthRow } from "~/lib/site-health";
import { formatListDateTime } from "~/lib/site-time";
import { configurationFrom } from "~/server/config/configuration.server";
import { administratorHome, editorHome } from "~/server/dashboard/admin-home.server";
import { siteHealth } from "~/server/dashboard/site-health.server";
import { unansweredSummary } from "~/server/dashboard/unanswered-leads.server";
import { recordBackup } from "~/server/db/backup-record.server";
import { database } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema";
import { insertTestLead, insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The admin home (/admin/inicio): what the page shows, read on both engines. The health list
// against a site whose e-mail fails and that was never backed up, then backed up; the
// unanswered requests, the two weeks' counts around a São Paulo week boundary, the posts in
// the works (an Editor's own), and the recent activity.

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Monday 11 March 2024, 01:00 in São Paulo (UTC−3): the week began an hour ago. */
const NOW = new Date("2024-03-11T04:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

/** What the owner's words never hold: the environment's variables, commands, files, protocols. */
const MAINTAINER_WORDS =
  /\b[A-Z]+_[A-Z_]+\b|npm run|systemd|\blog\b|docs\/|\/var\/|TLS|STARTTLS|sslmode|SQLite|PostgreSQL/;

const SMTP_ENV = { SMTP_URL: "smtp://site:segredo@127.0.0.1:2525", PUBLIC_URL: "https://www.exemplo.com.br" };

/** A configuration the start would refuse: the e-mail check cannot read its SMTP server. */
function unreadableSmtp() {
  const valid = configurationFrom(SMTP_ENV);
  return { ...valid, mail: { ...valid.mail, smtpUrl: "não é uma URL" } };
}

function row(rows: HealthRow[], id: HealthCheckId): HealthRow {
  const found = rows.find((r) => r.id === id);
  if (!found) throw new Error(`no health row ${id}`);
  return found;
}

async function insertOutbox(
  db: Kysely<Database>,
  fields: {
    attempts: number;
    sentAt?: string;
    nextAttemptAt?: string;
    lastError?: string;
    createdAt: string;
  },
) {
  await db
    .insertInto("outbox")
    .values({
      id: randomUUID(),
      kind: "lead-notification",
      lead_id: null,
      payload: "{}",
      attempts: fields.attempts,
      next_attempt_at: fields.nextAttemptAt ?? fields.createdAt,
      locked_until: null,
      last_error: fields.lastError ?? null,
      sent_at: fields.sentAt ?? null,
      created_at: fields.createdAt,
    })
    .execute();
}

async function insertPost(
  db: Kysely<Database>,
  categoryId: string,
  fields: {
    title: string;
    status: "draft" | "scheduled" | "published" | "archived";
    authorId?: string | null;
  },
  updatedAt: string,
  scheduledAt: string | null = null,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("blog_posts")
    .values({
      id,
      title: fields.title,
      slug: `inicio-${id.slice(0, 8)}`,
      excerpt: "Resumo.",
      content: "<p>Texto.</p>",
      category_id: categoryId,
      status: fields.status,
      featured: false,
      read_time: 3,
      author_id: fields.authorId ?? null,
      published_at: fields.status === "published" ? updatedAt : null,
      featured_image_url: null,
      created_at: ago(30 * DAY),
      updated_at: updatedAt,
      scheduled_at: scheduledAt,
    })
    .execute();
  return id;
}

describeOnEachEngine("the admin home", () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await database();
  });

  describe("site health", () => {
    let caio = "";
    beforeAll(async () => {
      const ana = await insertUser(db, { email: "ana@exemplo.com.br", passwordHash: "x", role: "admin" });
      const bia = await insertUser(db, { email: "bia@exemplo.com.br", passwordHash: "x", role: "editor" });
      caio = await insertUser(db, { email: "caio@exemplo.com.br", passwordHash: "x", role: "editor" });
      const dani = await insertUser(db, { email: "dani@exemplo.com.br", passwordHash: "x", role: "editor" });
      const eli = await insertUser(db, { email: "eli@exemplo.com.br", passwordHash: "x", role: "editor" });
      await db
        .updateTable("users")
        .set({ deactivated_at: ago(DAY) })
        .where("id", "=", dani)
        .execute();
      await db
        .insertInto("totp_secrets")
        .values([
          { user_id: ana, secret: "totp1:x", confirmed_at: ago(DAY), created_at: ago(DAY) },
          // Being set up: not a second factor yet.
          { user_id: eli, secret: "totp1:y", confirmed_at: null, created_at: ago(DAY) },
        ])
        .execute();
      await db
        .insertInto("passkeys")
        .values({
          id: "credencial-bia",
          user_id: bia,
          name: "Notebook",
          public_key: new Uint8Array([1, 2, 3]),
          created_at: ago(DAY),
        })
        .execute();
      const invitation = (
        email: string,
        expiresAt: string,
        extra: { accepted_at?: string; revoked_at?: string },
      ) => ({
        id: randomUUID(),
        email,
        role: "editor",
        token_hash: randomUUID(),
        invited_by: ana,
        created_at: ago(DAY),
        expires_at: expiresAt,
        ...extra,
      });
      await db
        .insertInto("invitations")
        .values([
          invitation("nova@exemplo.com.br", ago(-2 * DAY), {}),
          invitation("expirou@exemplo.com.br", ago(HOUR), {}),
          invitation("aceitou@exemplo.com.br", ago(-2 * DAY), { accepted_at: ago(HOUR) }),
          invitation("cancelado@exemplo.com.br", ago(-2 * DAY), { revoked_at: ago(HOUR) }),
        ])
        .execute();
      // The last message went out two hours ago; one failed since (three times now), one long ago.
      await insertOutbox(db, { attempts: 1, sentAt: ago(2 * HOUR), createdAt: ago(2 * HOUR) });
      await insertOutbox(db, {
        attempts: 3,
        createdAt: ago(HOUR),
        nextAttemptAt: ago(-2 * 60_000),
        lastError: "connect ECONNREFUSED 127.0.0.1:2525",
      });
    });

    it("lists every check once, in order, each non-ok row saying what to do in the owner's words", async () => {
      const rows = await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) });
      expect(rows.map((r) => r.id)).toEqual([
        "smtp",
        "outbox",
        "backup",
        "public-url",
        "database-tls",
        "second-factor",
        "invitations",
        "job:scheduled-posts",
        "job:lead-digest",
        "job:housekeeping",
        "job:outbox",
        "job:visit-counts",
      ]);
      for (const r of rows) {
        expect(["ok", "warning", "error"]).toContain(r.status);
        expect(r.title.length).toBeGreaterThan(0);
        expect(r.detail.length).toBeGreaterThan(0);
      }
    });

    it("keeps settings, commands and files out of the owner's words, in the details only", async () => {
      const sites = [
        configurationFrom(SMTP_ENV),
        configurationFrom({}),
        configurationFrom({ PUBLIC_URL: "http://www.exemplo.com.br" }),
        configurationFrom({ SMTP_URL: "smtp://site@10.0.0.25:25", SMTP_LOCAL_RELAY_WITHOUT_TLS: "true" }),
        configurationFrom({
          ...SMTP_ENV,
          DATABASE_URL: "postgres://site:segredo@db.exemplo.com.br:5432/site",
        }),
        unreadableSmtp(),
      ];
      const technical: string[] = [];
      for (const configuration of sites) {
        for (const r of await siteHealth({ now: NOW, configuration })) {
          expect(`${r.title} ${r.detail}`, r.id).not.toMatch(MAINTAINER_WORDS);
          if (r.technical) technical.push(r.technical);
        }
      }
      // What was taken out is still there, for whoever runs the server.
      for (const word of ["SMTP_URL", "PUBLIC_URL", "DATABASE_URL", "npm run db:backup", "systemd", "log"])
        expect(technical.join(" "), word).toContain(word);
    });

    it("reports the failed delivery after the last one sent, and the failing message", async () => {
      const rows = await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) });
      expect(row(rows, "smtp")).toEqual({
        id: "smtp",
        status: "error",
        title: "O último envio de e-mail falhou",
        detail: expect.stringContaining(
          "Os avisos de novos pedidos, os convites e as redefinições de senha não estão chegando.",
        ),
        technical: expect.stringContaining(
          "O servidor 127.0.0.1:2525 recusou ou não respondeu. Erro: connect ECONNREFUSED",
        ),
      });
      expect(row(rows, "smtp").detail).toContain(
        `Último envio bem-sucedido: ${formatListDateTime(ago(2 * HOUR))}. Peça a quem cuida do servidor`,
      );
      expect(row(rows, "smtp").technical).toContain("Confira SMTP_URL no ambiente do servidor");
      expect(JSON.stringify(row(rows, "smtp"))).not.toContain("segredo");
      expect(row(rows, "outbox")).toEqual({
        id: "outbox",
        status: "warning",
        title: "1 e-mail com falha de envio",
        detail: expect.stringContaining(
          `Ele está na fila desde ${formatListDateTime(ago(HOUR))} e ainda não chegou a quem devia`,
        ),
        technical: expect.stringContaining("Confira SMTP_URL"),
      });
    });

    it("makes the outbox an error once a message has failed again and again", async () => {
      // Its failure, 16 minutes (the sixth retry delay) before its next attempt, was 6 minutes ago.
      await insertOutbox(db, {
        attempts: 6,
        createdAt: ago(5 * HOUR),
        nextAttemptAt: ago(-10 * 60_000),
        lastError: "x",
      });
      const rows = await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) });
      expect(row(rows, "outbox")).toMatchObject({ status: "error", title: "2 e-mails com falha de envio" });
      expect(row(rows, "outbox").detail).toContain(
        `Eles estão na fila desde ${formatListDateTime(ago(5 * HOUR))}`,
      );
    });

    it("says e-mail is off without SMTP_URL, and the demo's address is only a warning", async () => {
      const rows = await siteHealth({ now: NOW, configuration: configurationFrom({}) });
      expect(row(rows, "smtp")).toMatchObject({ status: "warning", title: "E-mail não configurado" });
      expect(row(rows, "smtp").detail).toContain("ninguém é avisado por e-mail quando chega um novo");
      expect(row(rows, "smtp").technical).toContain("Defina SMTP_URL no ambiente do servidor");
      expect(row(rows, "public-url")).toMatchObject({
        status: "warning",
        title: "Endereço público local (desenvolvimento)",
      });
      expect(row(rows, "public-url").detail).toContain(
        "O site está com um endereço de teste (http://localhost:3000)",
      );
      expect(row(rows, "public-url").technical).toContain("Defina PUBLIC_URL com o endereço https do site");
    });

    it("accepts an https PUBLIC_URL and refuses a plain-http public one", async () => {
      expect(
        row(await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) }), "public-url"),
      ).toEqual({
        id: "public-url",
        status: "ok",
        title: "Endereço público com HTTPS",
        detail: "O site se apresenta como https://www.exemplo.com.br.",
      });
      const plain = row(
        await siteHealth({
          now: NOW,
          configuration: configurationFrom({ PUBLIC_URL: "http://www.exemplo.com.br" }),
        }),
        "public-url",
      );
      expect(plain).toMatchObject({ status: "error", title: "Endereço público sem HTTPS" });
      expect(plain.detail).toContain("senhas e pedidos de orçamento passam pela internet sem proteção");
      expect(plain.technical).toContain("defina PUBLIC_URL como https://www.exemplo.com.br e reinicie");
    });

    it("says the site was never backed up", async () => {
      const backup = row(
        await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) }),
        "backup",
      );
      expect(backup).toMatchObject({ status: "error", title: "Último backup: nunca" });
      expect(backup.detail).toContain(
        "Se o servidor quebrar ou o disco se perder, as solicitações de orçamento",
      );
      expect(backup.technical).toContain("Não há registro de backup feito com npm run db:backup");
      expect(backup.technical).toContain("alvorada-site-backup");
    });

    it("names the active accounts without a second factor", async () => {
      const accounts = row(
        await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) }),
        "second-factor",
      );
      expect(accounts).toMatchObject({ status: "warning", title: "2 contas sem segundo fator" });
      // Eli's TOTP is not confirmed yet; Dani's account is deactivated.
      expect(accounts.detail).toContain(
        "Sem verificação em duas etapas nem passkey: caio@exemplo.com.br, eli@exemplo.com.br.",
      );
      expect(accounts.detail).toContain("Minha conta");
      expect(accounts.detail).not.toMatch(/ana@|bia@|dani@/);
    });

    it("lists the invitations still usable", async () => {
      const invitations = row(
        await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) }),
        "invitations",
      );
      expect(invitations).toMatchObject({ status: "warning", title: "1 convite pendente" });
      expect(invitations.detail).toContain("Esperando aceite: nova@exemplo.com.br.");
      expect(invitations.detail).toContain("cancele o convite em Usuários");
    });

    it("turns a check that cannot be computed into a warning, the others unharmed", async () => {
      const rows = await siteHealth({ now: NOW, configuration: unreadableSmtp() });
      expect(row(rows, "smtp")).toMatchObject({
        status: "warning",
        title: "Envio de e-mail: não foi possível verificar",
      });
      expect(row(rows, "invitations")).toMatchObject({ title: "1 convite pendente" });
      expect(rows).toHaveLength(12);
    });

    it("shows a recorded backup's age: ok, then a warning after two days, an error after seven", async () => {
      const finishedAt = ago(5 * HOUR);
      await recordBackup(db, {
        finishedAt,
        file: "/var/lib/site/backups/site-20240310-230000.db",
        bytes: 1536,
      });
      const fresh = row(await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) }), "backup");
      expect(fresh).toEqual({
        id: "backup",
        status: "ok",
        title: "Último backup há 5 horas",
        detail: `Concluído em ${formatListDateTime(finishedAt)}.`,
        technical: "Arquivo: /var/lib/site/backups/site-20240310-230000.db (1,5 KB).",
      });
      const later = (ms: number) => new Date(NOW.getTime() + ms);
      const stale = row(
        await siteHealth({ now: later(3 * DAY), configuration: configurationFrom(SMTP_ENV) }),
        "backup",
      );
      expect(stale).toMatchObject({ status: "warning", title: "Último backup há 3 dias" });
      expect(stale.detail).toContain(
        `A última cópia de segurança é de ${formatListDateTime(finishedAt)}, há mais de 2 dias`,
      );
      expect(stale.technical).toContain("npm run db:backup");
      const old = row(
        await siteHealth({ now: later(8 * DAY), configuration: configurationFrom(SMTP_ENV) }),
        "backup",
      );
      expect(old).toMatchObject({ status: "error", title: "Último backup há 8 dias" });
      // A newer backup replaces the record.
      await recordBackup(db, { finishedAt: ago(10 * 60_000), file: "/tmp/outro.db", bytes: 10 });
      expect(
        row(await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) }), "backup").title,
      ).toBe("Último backup há 10 minutos");
    });

    it("says e-mail works once the last delivery succeeded", async () => {
      await insertOutbox(db, { attempts: 1, sentAt: ago(60_000), createdAt: ago(2 * 60_000) });
      const smtp = row(await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) }), "smtp");
      expect(smtp).toEqual({
        id: "smtp",
        status: "ok",
        title: "E-mail funcionando",
        detail: `Último envio em ${formatListDateTime(ago(60_000))}, pelo servidor 127.0.0.1:2525.`,
      });
      // The stuck messages still show in their own row.
      expect(
        row(await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) }), "outbox").status,
      ).toBe("error");
      // Nobody left: everything clear.
      await db.deleteFrom("outbox").execute();
      await db
        .updateTable("invitations")
        .set({ revoked_at: ago(0) })
        .execute();
      await db.deleteFrom("users").where("id", "=", caio).execute();
      await db
        .updateTable("users")
        .set({ deactivated_at: ago(0) })
        .where("email", "=", "eli@exemplo.com.br")
        .execute();
      const clear = await siteHealth({ now: NOW, configuration: configurationFrom(SMTP_ENV) });
      expect(row(clear, "outbox")).toMatchObject({ status: "ok", title: "Nenhum e-mail com falha" });
      expect(row(clear, "smtp")).toMatchObject({ status: "ok", title: "E-mail configurado" });
      expect(row(clear, "second-factor")).toMatchObject({
        status: "ok",
        title: "Todas as contas têm segundo fator",
      });
      expect(row(clear, "invitations")).toMatchObject({ status: "ok", title: "Nenhum convite pendente" });
    });
  });

  describe("quote requests", () => {
    beforeEach(async () => {
      await db.deleteFrom("leads").execute();
    });

    it("lists the unanswered ones, oldest first, ten at most, with the phone's digits", async () => {
      const waiting: string[] = [];
      for (let n = 0; n < 12; n++) {
        // Answered requests in between, and the very oldest answered: none of them shows.
        await insertTestLead(db, {
          status: n % 3 === 0 ? "em_contato" : "fechado_ganho",
          created_at: ago((40 - 2 * n) * HOUR + 1),
        });
        const lead = await insertTestLead(db, {
          name: `Síndico ${n}`,
          phone: n === 1 ? "ligar na portaria" : "(41) 98888-7777",
          created_at: ago((40 - 2 * n) * HOUR),
        });
        waiting.push(lead.id);
      }
      const home = await administratorHome(NOW);
      expect(home.unansweredLeads.total).toBe(12);
      expect(home.unansweredLeads.items.map((lead) => lead.id)).toEqual(waiting.slice(0, 10));
      expect(home.unansweredLeads.items[0]).toEqual({
        id: waiting[0],
        name: "Síndico 0",
        created_at: ago(40 * HOUR),
        phone: "(41) 98888-7777",
        phoneDigits: "5541988887777",
      });
      expect(home.unansweredLeads.items[1]).toMatchObject({ phone: "ligar na portaria", phoneDigits: null });
    });

    it("sums them up for the posts page: how many, and the oldest one alone", async () => {
      expect(await unansweredSummary()).toEqual({ total: 0, oldest: null });
      await insertTestLead(db, { name: "Já atendida", status: "em_contato", created_at: ago(9 * DAY) });
      const oldest = await insertTestLead(db, { name: "Síndica Antiga", created_at: ago(3 * DAY) });
      for (const hours of [30, 2]) await insertTestLead(db, { created_at: ago(hours * HOUR) });
      expect(await unansweredSummary()).toEqual({
        total: 3,
        oldest: {
          id: oldest.id,
          name: "Síndica Antiga",
          created_at: ago(3 * DAY),
          phone: "(41) 98888-7777",
          phoneDigits: "5541988887777",
        },
      });
    });

    it("counts this week's and last week's requests, weeks starting Monday in São Paulo", async () => {
      const at = [
        "2024-03-04T02:59:59.999Z", // Sunday 3 March, 23:59 in São Paulo: the week before last
        "2024-03-04T03:00:00.000Z", // Monday 4 March, 00:00: last week
        "2024-03-11T02:30:00.000Z", // Sunday 10 March, 23:30 (Monday in UTC): still last week
        "2024-03-11T03:00:00.000Z", // Monday 11 March, 00:00: this week
        "2024-03-11T03:30:00.000Z", // this week, answered already
      ];
      for (const [n, createdAt] of at.entries()) {
        await insertTestLead(db, { created_at: createdAt, status: n === 4 ? "fechado_ganho" : "novo" });
      }
      const home = await administratorHome(NOW);
      expect([home.requestsThisWeek, home.requestsLastWeek]).toEqual([2, 2]);
      // A week later, this week is empty and the last one holds the two.
      const next = await administratorHome(new Date(NOW.getTime() + 7 * DAY));
      expect([next.requestsThisWeek, next.requestsLastWeek]).toEqual([0, 2]);
    });
  });

  describe("posts in the works and recent activity", () => {
    let bia = "";
    let caio = "";
    const biaDrafts: string[] = [];
    const allDrafts: string[] = [];
    const scheduledIds: string[] = [];

    beforeAll(async () => {
      // The demo content's posts (one draft among them) would get in the way.
      await db.deleteFrom("blog_posts").execute();
      bia = await insertUser(db, { email: "bia.posts@exemplo.com.br", passwordHash: "x", role: "editor" });
      caio = await insertUser(db, { email: "caio.posts@exemplo.com.br", passwordHash: "x", role: "editor" });
      const categoryId = randomUUID();
      await db
        .insertInto("categories")
        .values({ id: categoryId, name: "Início", slug: "inicio-testes", created_at: ago(DAY) })
        .execute();
      // Eleven drafts, edited an hour apart, the newest first here.
      for (let n = 0; n < 11; n++) {
        const authorId = n % 2 === 0 ? bia : n === 5 ? null : caio;
        const id = await insertPost(
          db,
          categoryId,
          { title: `Rascunho ${n}`, status: "draft", authorId },
          ago(n * HOUR),
        );
        allDrafts.push(id);
        if (authorId === bia) biaDrafts.push(id);
      }
      // Scheduled: inserted out of order.
      const when = [3, 1, 2];
      const ids = [];
      for (const days of when) {
        ids.push(
          await insertPost(
            db,
            categoryId,
            { title: `Agendado D+${days}`, status: "scheduled", authorId: days === 2 ? caio : bia },
            ago(DAY),
            ago(-days * DAY),
          ),
        );
      }
      scheduledIds.push(ids[1] ?? "", ids[2] ?? "", ids[0] ?? "");
      await insertPost(db, categoryId, { title: "Publicado", status: "published", authorId: bia }, ago(0));
      await insertPost(db, categoryId, { title: "Arquivado", status: "archived", authorId: bia }, ago(0));

      for (let n = 0; n < 12; n++) {
        await db
          .insertInto("audit_log")
          .values({
            id: randomUUID(),
            at: ago((12 - n) * 60_000),
            user_id: bia,
            user_email: "bia.posts@exemplo.com.br",
            action: n === 11 ? "post.publish" : "post.update",
            target_type: "post",
            target_id: allDrafts[0] ?? null,
            target_label: `Entrada ${n}`,
            ip_address: "203.0.113.9",
            details: null,
            subject: null,
          })
          .execute();
      }
    });

    it("shows the drafts most recently edited first and the scheduled posts soonest first", async () => {
      const home = await administratorHome(NOW);
      expect(home.drafts.total).toBe(11);
      expect(home.drafts.items.map((post) => post.id)).toEqual(allDrafts.slice(0, 10));
      expect(home.drafts.items[0]).toEqual({ id: allDrafts[0], title: "Rascunho 0", updated_at: ago(0) });
      expect(home.scheduled.total).toBe(3);
      expect(home.scheduled.items.map((post) => post.id)).toEqual(scheduledIds);
      expect(home.scheduled.items[0]).toEqual({
        id: scheduledIds[0],
        title: "Agendado D+1",
        scheduled_at: ago(-DAY),
      });
    });

    it("shows an Editor only their own posts", async () => {
      const home = await editorHome(bia);
      expect(home.drafts.total).toBe(biaDrafts.length);
      expect(home.drafts.items.map((post) => post.id)).toEqual(biaDrafts);
      expect(home.scheduled.items.map((post) => post.title)).toEqual(["Agendado D+1", "Agendado D+3"]);
      expect(Object.keys(home).sort()).toEqual(["drafts", "scheduled"]);
      const other = await editorHome(caio);
      expect(other.drafts.total).toBe(11 - biaDrafts.length - 1);
      expect(other.scheduled.items.map((post) => post.title)).toEqual(["Agendado D+2"]);
      expect(await editorHome(randomUUID())).toEqual({
        drafts: { items: [], total: 0 },
        scheduled: { items: [], total: 0 },
      });
    });

    it("shows the ten newest audit entries with their labels", async () => {
      const home = await administratorHome(NOW);
      expect(home.recentAudit.map((entry) => entry.targetLabel)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Entrada ${11 - i}`),
      );
      expect(home.recentAudit[0]).toEqual({
        id: expect.any(String),
        at: ago(60_000),
        userEmail: "bia.posts@exemplo.com.br",
        action: "post.publish",
        actionLabel: "Publicou post",
        targetType: "post",
        targetId: allDrafts[0],
        targetLabel: "Entrada 11",
        ipAddress: "203.0.113.9",
        details: null,
      });
      expect(home.health.map((r) => r.id)).toHaveLength(12);
    });
  });
});
