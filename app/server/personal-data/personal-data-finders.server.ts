import type { Kysely, Transaction } from "kysely";
import { auditActionLabel } from "~/lib/audit-actions";
import { leadStatusLabels, lostReasonLabels } from "~/lib/lead-status";
import { formatMoney } from "~/lib/money";
import { formatSaoPauloDateTime } from "~/lib/site-time";
import { type ErasedRowTable, eraseLeadsIn, logErasedRows } from "../db/lead-erasures.server";
import type { Database } from "../db/schema";
import { ACCOUNT_EMAIL } from "../email/account-email.server";
import { LEAD_DIGEST } from "../email/lead-digest-email.server";
import { LEAD_REPLY } from "../email/lead-reply-email.server";
import { LEAD_CONFIRMATION, LEAD_NOTIFICATION } from "../email/outbox.server";
import type { DataSubject } from "./data-subject.server";
import { bucketOf, mentionsSubject, namesSubject } from "./subject-match.server";

// One finder per place the site keeps personal data. Each says what it holds about a person
// (pt-BR, as the admin reads it and the person receives it in the export) and deletes it inside
// the erasure's transaction, logging what it deleted (lead_erasures, erased_rows) so a restored
// backup deletes it again. A new place that can hold an e-mail, a phone or a name gets a finder
// here, in `personalDataFinders` (and its table in ERASED_ROW_TABLES), and the page, the export,
// the erasure, the restore and their tests follow.

/** A value the export carries and the page shows, labelled in pt-BR. */
export type RecordValue = string | number | null;

export interface FoundRecord {
  id: string;
  /** pt-BR label → value: what the page lists and the export holds. */
  fields: Record<string, RecordValue>;
  /** Why this record stays when everything else is erased (pt-BR); absent when it goes. */
  keptBecause?: string;
}

export interface ErasureContext {
  now: Date;
}

export interface PersonalDataFinder {
  /** Stable key: the counts in the request log use it. */
  key: string;
  /** The section's pt-BR heading. */
  title: string;
  find(db: Kysely<Database> | Transaction<Database>, subject: DataSubject): Promise<FoundRecord[]>;
  /**
   * Delete `records` (those without `keptBecause`) inside the erasure's transaction. Every
   * finder's `find` runs first, then each `erase` in list order, so a row an earlier erase
   * already removed (the outbox rows of a deleted request go with it) is simply gone.
   */
  erase(trx: Transaction<Database>, records: FoundRecord[], context: ErasureContext): Promise<void>;
}

const when = (iso: string | null) => (iso ? formatSaoPauloDateTime(iso) : null);
const erasable = (records: FoundRecord[]) => records.filter((record) => !record.keptBecause).map((r) => r.id);

/** Delete the rows and log them, so that a restore deletes them again. */
async function deleteIds(
  trx: Transaction<Database>,
  table: ErasedRowTable,
  ids: string[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom(table).where("id", "in", ids).execute();
  await logErasedRows(trx, table, ids, now);
}

/** The column of a quote request that names the subject. */
const leadColumn = (subject: DataSubject) =>
  subject.kind === "email" ? "leads.email" : subject.kind === "phone" ? "leads.phone" : "leads.name";

/** Quote requests sent with the e-mail or phone, with where they came from and the team's note. */
export const quoteRequestsFinder: PersonalDataFinder = {
  key: "leads",
  title: "Solicitações de orçamento",
  async find(db, subject) {
    const rows = await db
      .selectFrom("leads")
      .leftJoin("blog_posts", "blog_posts.id", "leads.source_post_id")
      .select([
        "leads.id",
        "leads.created_at",
        "leads.name",
        "leads.email",
        "leads.phone",
        "leads.condominium",
        "leads.service",
        "leads.message",
        "leads.status",
        "leads.lost_reason",
        "leads.proposal_value_cents",
        "leads.closed_value_cents",
        "leads.note",
        "leads.source_page",
        "leads.source_referrer_host",
        "leads.utm_source",
        "leads.utm_medium",
        "leads.utm_campaign",
        "blog_posts.title as source_post_title",
      ])
      .where((eb) => namesSubject(eb.ref(leadColumn(subject)), subject))
      .orderBy("leads.created_at")
      .orderBy("leads.id")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      fields: {
        "Recebida em": when(row.created_at),
        Nome: row.name,
        "E-mail": row.email,
        Telefone: row.phone,
        Condomínio: row.condominium,
        Serviço: row.service,
        Mensagem: row.message,
        Situação: leadStatusLabels[row.status] ?? row.status,
        "Motivo da perda": row.lost_reason ? lostReasonLabels[row.lost_reason] : null,
        "Valor da proposta": row.proposal_value_cents === null ? null : formatMoney(row.proposal_value_cents),
        "Valor fechado": row.closed_value_cents === null ? null : formatMoney(row.closed_value_cents),
        "Nota particular da equipe": row.note,
        "Página onde abriu o formulário": row.source_page,
        "Site de origem": row.source_referrer_host,
        "Origem (utm_source)": row.utm_source,
        "Meio (utm_medium)": row.utm_medium,
        "Campanha (utm_campaign)": row.utm_campaign,
        "Post do blog": row.source_post_title,
      },
    }));
  },
  async erase(trx, records, { now }) {
    await eraseLeadsIn(trx, erasable(records), now);
  },
};

const leadEventLabels: Record<string, string> = {
  stage: "Mudança de etapa",
  note: "Nota da equipe",
  email_reply: "Resposta por e-mail",
  whatsapp: "Contato pelo WhatsApp",
};

/**
 * The timeline of the person's requests: stage changes, the team's notes and replies (what was
 * written to them, or about them). Deleted with the request; logged, so a restore deletes them
 * again even where a backup's cascade would not.
 */
export const leadEventsFinder: PersonalDataFinder = {
  key: "leadEvents",
  title: "Histórico das solicitações (etapas, notas e respostas)",
  async find(db, subject) {
    const leadIds = db
      .selectFrom("leads")
      .select("leads.id")
      .where((eb) => namesSubject(eb.ref(leadColumn(subject)), subject));
    const rows = await db
      .selectFrom("lead_events")
      .select(["id", "lead_id", "kind", "from_stage", "to_stage", "body", "user_name", "created_at"])
      .where("lead_id", "in", leadIds)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      fields: {
        Quando: when(row.created_at),
        Registro: leadEventLabels[row.kind] ?? row.kind,
        Etapa:
          row.kind === "stage" && row.to_stage
            ? `${row.from_stage ? `${leadStatusLabels[row.from_stage]} → ` : ""}${leadStatusLabels[row.to_stage]}`
            : null,
        Texto: row.body,
        "Feito por": row.user_name,
        Solicitação: row.lead_id,
      },
    }));
  },
  async erase(trx, records, { now }) {
    await deleteIds(trx, "lead_events", erasable(records), now);
  },
};

const outboxKindLabels: Record<string, string> = {
  [LEAD_NOTIFICATION]: "Aviso de pedido de orçamento à empresa",
  [LEAD_CONFIRMATION]: "Confirmação do pedido ao visitante",
  [ACCOUNT_EMAIL]: "E-mail de acesso ao painel (convite ou nova senha)",
  [LEAD_REPLY]: "Resposta da equipe ao pedido de orçamento",
  [LEAD_DIGEST]: "Resumo diário das solicitações sem resposta",
};

/** What a payload may be shown as: an account e-mail's single-use link never leaves the database. */
function payloadText(kind: string, payload: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { to, subject, text } = parsed as Record<string, unknown>;
  if (kind === ACCOUNT_EMAIL) return typeof to === "string" ? `Para ${to}: ${String(subject ?? "")}` : null;
  return typeof text === "string" ? text : null;
}

/** E-mails in the outbox, waiting or sent, about the person's requests or addressed to them. */
export const outboxFinder: PersonalDataFinder = {
  key: "outbox",
  title: "E-mails na fila de envio (enviados ou pendentes)",
  async find(db, subject) {
    const leadIds = db
      .selectFrom("leads")
      .select("leads.id")
      .where((eb) => namesSubject(eb.ref(leadColumn(subject)), subject));
    const rows = await db
      .selectFrom("outbox")
      .select((eb) => [
        "id",
        "kind",
        "payload",
        "attempts",
        "last_error",
        "sent_at",
        "created_at",
        eb("lead_id", "in", leadIds).as("about_their_request"),
      ])
      .where((eb) =>
        eb.or([
          eb("lead_id", "in", leadIds),
          namesSubject(eb.ref("payload"), subject, { loose: true }),
          namesSubject(eb.ref("last_error"), subject, { loose: true }),
        ]),
      )
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    // LIKE finds "maria@x.com" inside "anamaria@x.com" too: someone else's message stays.
    const addressedToThem = (text: string | null) => text !== null && mentionsSubject(text, subject);
    return rows
      .filter(
        (row) =>
          Boolean(row.about_their_request) || addressedToThem(row.payload) || addressedToThem(row.last_error),
      )
      .map((row) => ({
        id: row.id,
        fields: {
          Tipo: outboxKindLabels[row.kind] ?? row.kind,
          "Criado em": when(row.created_at),
          Situação: row.sent_at ? `Enviado em ${when(row.sent_at)}` : "Aguardando envio",
          Tentativas: row.attempts,
          Conteúdo: payloadText(row.kind, row.payload),
          "Último erro": row.last_error,
        },
      }));
  },
  async erase(trx, records, { now }) {
    await deleteIds(trx, "outbox", erasable(records), now);
  },
};

/** Invitations to join the team sent to the e-mail; an accepted one is part of an account. */
export const invitationsFinder: PersonalDataFinder = {
  key: "invitations",
  title: "Convites para a equipe",
  async find(db, subject) {
    if (subject.kind !== "email") return [];
    const rows = await db
      .selectFrom("invitations")
      .select(["id", "email", "role", "created_at", "expires_at", "accepted_at", "revoked_at"])
      .where((eb) => namesSubject(eb.ref("email"), subject))
      .orderBy("created_at")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      fields: {
        "E-mail": row.email,
        "Enviado em": when(row.created_at),
        "Válido até": when(row.expires_at),
        "Aceito em": when(row.accepted_at),
        "Cancelado em": when(row.revoked_at),
      },
      ...(row.accepted_at
        ? { keptBecause: "Aceito: faz parte de uma conta da equipe, que se remove em Usuários." }
        : {}),
    }));
  },
  async erase(trx, records, { now }) {
    await deleteIds(trx, "invitations", erasable(records), now);
  },
};

/** Rate-limit events named after the e-mail (sign-in failures, password-reset requests). */
export const rateLimitEventsFinder: PersonalDataFinder = {
  key: "rateLimitEvents",
  title: "Registros de tentativas (limite de acessos)",
  async find(db, subject) {
    if (subject.kind !== "email") return [];
    const rows = await db
      .selectFrom("rate_limit_events")
      .select(["id", "bucket", "created_at"])
      .where((eb) => bucketOf(eb.ref("bucket"), subject.email))
      .orderBy("created_at")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      fields: {
        Registro: row.bucket.startsWith("reset:")
          ? "Pedido de nova senha"
          : row.bucket.startsWith("login-fail:")
            ? "Tentativa de entrada no painel sem sucesso"
            : row.bucket,
        Quando: when(row.created_at),
      },
    }));
  },
  async erase(trx, records, { now }) {
    await deleteIds(trx, "rate_limit_events", erasable(records), now);
  },
};

/** A team member's own account: shown, never erased here (Usuários removes an account). */
export const teamAccountsFinder: PersonalDataFinder = {
  key: "users",
  title: "Contas da equipe",
  async find(db, subject) {
    if (subject.kind === "phone") return [];
    const rows = await db
      .selectFrom("users")
      .select(["id", "email", "name", "role", "created_at", "last_sign_in_at", "deactivated_at"])
      .where((eb) => namesSubject(eb.ref(subject.kind === "email" ? "email" : "name"), subject))
      .execute();
    return rows.map((row) => ({
      id: row.id,
      fields: {
        "E-mail": row.email,
        Nome: row.name,
        "Criada em": when(row.created_at),
        "Última entrada": when(row.last_sign_in_at),
        "Desativada em": when(row.deactivated_at),
      },
      keptBecause:
        "Conta de um membro da equipe: esta ferramenta não a exclui. Se for o caso, remova-a em Usuários.",
    }));
  },
  erase: async () => {},
};

/**
 * Audit entries about the person: those whose subject is the e-mail or phone (a refused sign-in
 * with that e-mail), those whose label or details name them (an export searched by their name
 * before decision 0046) and those about their quote requests (views, changes). The audit log is append-only except for its retention and this erasure
 * (docs/decisions/0035).
 */
export const auditEntriesFinder: PersonalDataFinder = {
  key: "auditEntries",
  title: "Registros de auditoria",
  async find(db, subject) {
    const leadIds = (await quoteRequestsFinder.find(db, subject)).map((record) => record.id);
    const aboutTheirRequests = (type: string | null, id: string | null) =>
      type === "lead" && id !== null && leadIds.includes(id);
    const rows = await db
      .selectFrom("audit_log")
      .select([
        "id",
        "at",
        "user_email",
        "action",
        "target_type",
        "target_id",
        "target_label",
        "details",
        "subject",
      ])
      .where((eb) =>
        eb.or([
          ...(subject.kind === "name" ? [] : [namesSubject(eb.ref("subject"), subject)]),
          namesSubject(eb.ref("target_label"), subject, { loose: true }),
          namesSubject(eb.ref("details"), subject, { loose: true }),
          ...(leadIds.length > 0
            ? [eb.and([eb("target_type", "=", "lead"), eb("target_id", "in", leadIds)])]
            : []),
        ]),
      )
      .orderBy("at", "desc")
      .execute();
    // An e-mail or a name inside a longer text must be that whole address or name (as for the outbox).
    const naming = rows.filter(
      (row) =>
        (subject.kind === "email" && row.subject === subject.email) ||
        aboutTheirRequests(row.target_type, row.target_id) ||
        mentionsSubject(`${row.target_label ?? ""} ${row.details ?? ""}`, subject),
    );
    return naming.map((row) => ({
      id: row.id,
      fields: {
        Quando: when(row.at),
        Ação: auditActionLabel(row.action),
        "Feita por": row.user_email,
        Sobre: row.target_label,
      },
    }));
  },
  async erase(trx, records, { now }) {
    await deleteIds(trx, "audit_log", erasable(records), now);
  },
};

export const personalDataFinders: readonly PersonalDataFinder[] = [
  quoteRequestsFinder,
  leadEventsFinder,
  outboxFinder,
  invitationsFinder,
  rateLimitEventsFinder,
  teamAccountsFinder,
  auditEntriesFinder,
];
