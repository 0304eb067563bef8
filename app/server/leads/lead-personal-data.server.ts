import { leadStatusLabels, lostReasonLabels } from "~/lib/lead-status";
import { formatMoney } from "~/lib/money";
import { eraseLeadsIn } from "../db/lead-erasures.server";
import {
  deleteIds,
  erasable,
  leadColumn,
  type PersonalDataFinder,
  subjectLeadIds,
  when,
} from "../personal-data/personal-data-finders.server";
import { namesSubject } from "../personal-data/subject-match.server";

// The personal data of quote requests and their timelines, for the personal-data page, its
// export and its erasure (personal-data/personal-data-finders.server.ts holds the contract).

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
    const leadIds = subjectLeadIds(db, subject);
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
