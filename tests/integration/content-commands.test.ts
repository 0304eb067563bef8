import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { iconNames } from "~/lib/icon-names";
import type { Role } from "~/lib/roles";
import type { CurrentSession } from "~/server/accounts/sessions.server";
import { database } from "~/server/db/database.server";
import { storeImage } from "~/server/media/media-store.server";
import type { CommandOutcome } from "~/server/platform/command-outcome.server";
import { saveServiceForm } from "~/server/services/service-commands.server";
import {
  addTestimonial,
  changeReason,
  changeStats,
  changeTestimonial,
  removeTestimonial,
  reorderHomeItem,
} from "~/server/site-content/home-content-commands.server";
import {
  changeMember,
  inviteMember,
  resendInvite,
  resetMemberSecondFactor,
  revokeInvite,
  setSecondFactorPolicy,
} from "~/server/team/team-commands.server";
import { saveWorkForm } from "~/server/works/work-commands.server";
import { withAuditFailing } from "../support/audit-failing";
import { insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";
import { solidImage } from "../support/photo-fixtures";

// The works', services', team's and home page's writes are commands of their domain
// (docs/decisions/0080): each change and its audit entry commit together or not at all, and a
// refused command writes neither. The audit insert is made to fail for real: the audit table is
// renamed away while the command runs.

process.env.PUBLIC_URL = "http://localhost:3000";
const uid = () => randomUUID().slice(0, 8);

/** Every table these commands write, and the audit log. */
const TABLES = [
  "works",
  "work_photos",
  "work_pairs",
  "services",
  "stats",
  "reasons",
  "testimonials",
  "invitations",
  "users",
  "sessions",
  "settings",
  "totp_secrets",
  "outbox",
  "audit_log",
] as const;

/** What the tables hold, row by row, in an order that does not depend on the engine. */
async function everything() {
  const db = await database();
  const state: Record<string, string[]> = {};
  for (const table of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    state[table] = rows
      .map((row) =>
        JSON.stringify(row, (_key, value) => (value instanceof Date ? value.toISOString() : value)),
      )
      .sort();
  }
  return state;
}

/** Runs `command` while no audit entry can be written. */
/** Each command with the audit insert failing: an error, and every table as it was. */
async function writesNothingWithoutItsEntry(commands: Array<() => Promise<CommandOutcome>>) {
  for (const command of commands) {
    const before = await everything();
    expect(await withAuditFailing(command), String(command)).toBeInstanceOf(Error);
    expect(await everything(), String(command)).toEqual(before);
  }
}

/** Each command refused as `kind`, and every table as it was. */
async function refusesWritingNothing(cases: Array<[CommandOutcome["kind"], () => Promise<CommandOutcome>]>) {
  for (const [kind, command] of cases) {
    const before = await everything();
    expect(await command(), String(command)).toMatchObject({ kind });
    expect(await everything(), String(command)).toEqual(before);
  }
}

async function member(role: Role): Promise<CurrentSession> {
  const email = `${role}-${uid()}@exemplo.com.br`;
  const id = await insertUser(await database(), { email, passwordHash: "x", role });
  return { user: { id, email, name: null, role }, idHash: "h", authenticatedAt: null };
}

const form = (fields: Record<string, string> | Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields))
    data.append(name, value);
  return data;
};

describeOnEachEngine("content commands", () => {
  const workFields = (title: string) => ({ title, city: "Curitiba", published: "on" });

  it("works: the save and its entry together, or neither; each refusal at its field", async () => {
    const editor = await member("editor");
    const title = `Obra ${uid()}`;
    expect(await saveWorkForm(editor, { id: null, form: form(workFields(title)) })).toMatchObject({
      kind: "done",
    });
    const db = await database();
    const work = await db
      .selectFrom("works")
      .select("id")
      .where("title", "=", title)
      .executeTakeFirstOrThrow();

    await writesNothingWithoutItsEntry([
      () => saveWorkForm(editor, { id: null, form: form(workFields(`Nova ${uid()}`)) }),
      () => saveWorkForm(editor, { id: work.id, form: form(workFields(`Renomeada ${uid()}`)) }),
    ]);

    // A library image with no words of its own, sent as the third photo with none typed.
    const bytes = await solidImage(64, 48, `#${randomUUID().slice(0, 6)}`)
      .png()
      .toBuffer();
    const image = await storeImage(bytes, { source: "upload", uploadedBy: null, name: "foto.png", alt: "" });
    const photos: Array<[string, string]> = [0, 1, 2].flatMap(
      (n): Array<[string, string]> => [
        ["photo", image.id],
        ["photoTitle", ""],
        ["photoAlt", n === 2 ? "" : `Foto ${n + 1}`],
      ],
    );
    const withoutAlt = await saveWorkForm(editor, {
      id: work.id,
      form: form([...Object.entries(workFields(title)), ...photos]),
    });
    expect(withoutAlt).toMatchObject({
      kind: "refused",
      message: "Foto 3: descreva a foto para quem não pode vê-la (texto alternativo).",
      details: {
        fieldErrors: {
          photos: "Foto 3: descreva a foto para quem não pode vê-la (texto alternativo).",
          "photoAlt:2": "Descreva a foto para quem não pode vê-la (texto alternativo).",
        },
      },
    });
    const tooLong = await saveWorkForm(editor, {
      id: null,
      form: form([
        ...Object.entries(workFields("")),
        ["photo", image.id],
        ["photoTitle", "x".repeat(200)],
        ["photoAlt", "A"],
      ]),
    });
    expect(tooLong).toMatchObject({
      kind: "refused",
      details: {
        fieldErrors: {
          title: "Informe o título da obra.",
          "photoTitle:0": "O título da foto pode ter no máximo 120 caracteres.",
        },
      },
    });

    const other = `Outra ${uid()}`;
    await saveWorkForm(editor, { id: null, form: form(workFields(other)) });
    const otherSlug = await db
      .selectFrom("works")
      .select("slug")
      .where("title", "=", other)
      .executeTakeFirstOrThrow();
    await refusesWritingNothing([
      [
        "refused",
        () =>
          saveWorkForm(editor, {
            id: work.id,
            form: form([...Object.entries(workFields(title)), ...photos]),
          }),
      ],
      ["refused", () => saveWorkForm(editor, { id: null, form: form(workFields("  ")) })],
      [
        "refused",
        () =>
          saveWorkForm(editor, {
            id: null,
            form: form([...Object.entries(workFields(title)), ["photo", image.id]]),
          }),
      ],
      ["not-found", () => saveWorkForm(editor, { id: randomUUID(), form: form(workFields(title)) })],
      [
        "conflict",
        () =>
          saveWorkForm(editor, { id: work.id, form: form({ ...workFields(title), slug: otherSlug.slug }) }),
      ],
    ]);
  });

  const serviceFields = (title: string) => ({
    title,
    icon: iconNames[0],
    summary: "Resumo do serviço.",
    details: "Descrição do serviço.",
    features: "Um\nDois",
  });

  it("services: the save and its entry together, or neither", async () => {
    const editor = await member("editor");
    const title = `Serviço ${uid()}`;
    expect(await saveServiceForm(editor, { id: null, form: form(serviceFields(title)) })).toMatchObject({
      kind: "done",
      redirectTo: "/admin/servicos",
    });
    const db = await database();
    const service = await db
      .selectFrom("services")
      .select(["id", "slug"])
      .where("title", "=", title)
      .executeTakeFirstOrThrow();

    await writesNothingWithoutItsEntry([
      () => saveServiceForm(editor, { id: null, form: form(serviceFields(`Novo ${uid()}`)) }),
      () => saveServiceForm(editor, { id: service.id, form: form(serviceFields(`Renomeado ${uid()}`)) }),
    ]);
    const other = `Outro ${uid()}`;
    await saveServiceForm(editor, { id: null, form: form(serviceFields(other)) });
    await refusesWritingNothing([
      ["refused", () => saveServiceForm(editor, { id: null, form: form(serviceFields("")) })],
      ["not-found", () => saveServiceForm(editor, { id: randomUUID(), form: form(serviceFields(title)) })],
      [
        "conflict",
        () =>
          saveServiceForm(editor, {
            id: null,
            form: form({ ...serviceFields(other), slug: service.slug }),
          }),
      ],
    ]);
    expect(await saveServiceForm(editor, { id: null, form: form(serviceFields("")) })).toMatchObject({
      fieldErrors: { title: "Informe o título do serviço." },
    });
  });

  it("the home page: each change and its entry together, or neither", async () => {
    const editor = await member("editor");
    const db = await database();
    const stats = await db.selectFrom("stats").select("id").execute();
    const [reason] = await db.selectFrom("reasons").select(["id", "icon"]).orderBy("position").execute();
    expect(stats.length && reason).toBeTruthy();
    const reasonId = reason?.id ?? "";
    const statsForm = (value: string, ids = stats.map((stat) => stat.id)) =>
      form(
        ids.flatMap(
          (id): Array<[string, string]> => [
            ["id", id],
            [`value:${id}`, value],
            [`label:${id}`, "Legenda"],
          ],
        ),
      );
    const ids = stats.map((stat) => stat.id);
    const reasonForm = (title: string) => form({ icon: reason?.icon ?? "", title, description: "Texto." });
    const testimonialForm = (author: string) =>
      form({ author, role: "Síndica", quote: "Muito bom.", visible: "on" });
    expect(await addTestimonial(editor, { form: testimonialForm(`Ana ${uid()}`) })).toMatchObject({
      kind: "done",
    });
    expect(await addTestimonial(editor, { form: testimonialForm(`Bia ${uid()}`) })).toMatchObject({
      kind: "done",
    });
    const [testimonial] = await db.selectFrom("testimonials").select("id").orderBy("position").execute();
    const testimonialId = testimonial?.id ?? "";

    await writesNothingWithoutItsEntry([
      () => changeStats(editor, { ids, form: statsForm("99+") }),
      () => changeReason(editor, { id: reasonId, form: reasonForm(`Motivo ${uid()}`) }),
      () => reorderHomeItem(editor, { list: "reason", id: reasonId, direction: "down" }),
      () => reorderHomeItem(editor, { list: "testimonial", id: testimonialId, direction: "down" }),
      () => addTestimonial(editor, { form: testimonialForm(`Cida ${uid()}`) }),
      () => changeTestimonial(editor, { id: testimonialId, form: testimonialForm(`Dora ${uid()}`) }),
      () => removeTestimonial(editor, { id: testimonialId }),
    ]);
    await refusesWritingNothing([
      ["refused", () => changeStats(editor, { ids, form: statsForm("") })],
      [
        "not-found",
        () => {
          const gone = [...ids, randomUUID()];
          return changeStats(editor, { ids: gone, form: statsForm("1", gone) });
        },
      ],
      ["refused", () => changeReason(editor, { id: reasonId, form: reasonForm("") })],
      ["not-found", () => changeReason(editor, { id: randomUUID(), form: reasonForm("Motivo") })],
      ["not-found", () => reorderHomeItem(editor, { list: "testimonial", id: "x", direction: "up" })],
      ["refused", () => addTestimonial(editor, { form: testimonialForm("") })],
      ["not-found", () => changeTestimonial(editor, { id: randomUUID(), form: testimonialForm("Eva") })],
      ["not-found", () => removeTestimonial(editor, { id: randomUUID() })],
    ]);
    const [first] = stats;
    expect(await changeStats(editor, { ids, form: statsForm("") })).toMatchObject({
      kind: "refused",
      fieldErrors: { [`value:${first?.id}`]: "Informe o número (ex.: 200+)." },
      details: { form: "stats" },
    });
  });

  it("the team: each change and its entry together, or neither; an Editor changes nothing", async () => {
    const admin = await member("admin");
    const colleague = await member("admin");
    const siteName = "Alvorada";
    const db = await database();
    const email = `convidada-${uid()}@exemplo.com.br`;
    expect(await inviteMember(admin, { siteName, email, role: "editor" })).toMatchObject({ kind: "done" });
    const invitation = await db
      .selectFrom("invitations")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("totp_secrets")
      .values({ user_id: colleague.user.id, secret: "JBSWY3DPEHPK3PXP", confirmed_at: now, created_at: now })
      .execute();
    const id = colleague.user.id;

    await writesNothingWithoutItsEntry([
      () => inviteMember(admin, { siteName, email: `outra-${uid()}@exemplo.com.br`, role: "admin" }),
      () => resendInvite(admin, { siteName, id: invitation.id }),
      () => revokeInvite(admin, { id: invitation.id }),
      () => changeMember(admin, { id, intent: "role", role: "editor" }),
      () => changeMember(admin, { id, intent: "deactivate", role: "" }),
      () => changeMember(admin, { id, intent: "remove", role: "" }),
      () => setSecondFactorPolicy(admin, { required: "" }),
      () => resetMemberSecondFactor(admin, { siteName, id, confirmed: "sim" }),
    ]);
    await changeMember(admin, { id, intent: "deactivate", role: "" });
    await writesNothingWithoutItsEntry([() => changeMember(admin, { id, intent: "reactivate", role: "" })]);

    const editor = await member("editor");
    await refusesWritingNothing([
      ["refused", () => inviteMember(admin, { siteName, email: "não é e-mail", role: "editor" })],
      ["conflict", () => inviteMember(admin, { siteName, email: colleague.user.email, role: "editor" })],
      ["not-found", () => resendInvite(admin, { siteName, id: randomUUID() })],
      ["not-found", () => revokeInvite(admin, { id: randomUUID() })],
      ["refused", () => changeMember(admin, { id, intent: "role", role: "dono" })],
      ["refused", () => changeMember(admin, { id, intent: "promover", role: "" })],
      ["forbidden", () => changeMember(admin, { id: admin.user.id, intent: "remove", role: "" })],
      ["not-found", () => changeMember(admin, { id: randomUUID(), intent: "remove", role: "" })],
      ["refused", () => setSecondFactorPolicy(admin, { required: "talvez" })],
      ["conflict", () => setSecondFactorPolicy(admin, { required: "1" })],
      ["refused", () => resetMemberSecondFactor(admin, { siteName, id, confirmed: "" })],
      ["not-found", () => resetMemberSecondFactor(admin, { siteName, id: randomUUID(), confirmed: "sim" })],
      [
        "forbidden",
        () => inviteMember(editor, { siteName, email: `x-${uid()}@exemplo.com.br`, role: "admin" }),
      ],
      ["forbidden", () => changeMember(editor, { id, intent: "remove", role: "" })],
      ["forbidden", () => resetMemberSecondFactor(editor, { siteName, id, confirmed: "sim" })],
    ]);
  });
});
