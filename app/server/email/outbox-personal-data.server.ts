import {
  deleteIds,
  erasable,
  type PersonalDataFinder,
  subjectLeadIds,
  when,
} from "../personal-data/personal-data-finders.server";
import { mentionsSubject, namesSubject } from "../personal-data/subject-match.server";
import { ACCOUNT_EMAIL } from "./account-email.server";
import { LEAD_DIGEST } from "./lead-digest-email.server";
import { LEAD_REPLY } from "./lead-reply-email.server";
import { LEAD_CONFIRMATION, LEAD_NOTIFICATION } from "./outbox.server";

// The personal data in the outbox, for the personal-data page, its export and its erasure
// (personal-data/personal-data-finders.server.ts holds the contract).

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
    const leadIds = subjectLeadIds(db, subject);
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
