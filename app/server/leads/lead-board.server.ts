import { sql } from "kysely";
import { z } from "zod";
import { BOARD_PAGE_SIZE, type BoardColumn } from "~/lib/lead-pipeline";
import { type LeadStatus, leadStatuses, leadStatusSchema } from "~/lib/lead-status";
import { database } from "../db/database.server";

// The pipeline's board: one column per stage the screen shows, each read a page at a time
// (latest moves first, through leads_status_stage_changed_idx) with one grouped count and sum for
// all, so a column of years of closed requests costs one page, and its total is still the whole
// column's. A repeat (the same person's request sent again, docs/decisions/0090) moves with its
// first request: it has no card of its own.

/** The board's columns for `pages` (stage → page number, 1-based); only those stages are read. */
export async function leadBoard(pages: ReadonlyMap<LeadStatus, number>): Promise<BoardColumn[]> {
  const db = await database();
  const stages = [...pages.keys()];
  if (stages.length === 0) return [];
  const sums = await db
    .selectFrom("leads")
    .select([
      "status",
      (eb) => eb.fn.countAll<number | string>().as("count"),
      // What a card shows is what it is worth: the closed value, else the proposal's.
      (eb) =>
        eb.fn
          .sum<number | string | null>(eb.fn.coalesce("closed_value_cents", "proposal_value_cents"))
          .as("value"),
    ])
    .where("status", "in", stages)
    .where("repeat_of", "is", null)
    .groupBy("status")
    .execute();
  // PostgreSQL answers a count and a sum as strings (bigint); a sum of nothing is null.
  const totals = new Map(
    sums.map((row) => [row.status, { count: Number(row.count), value: Number(row.value ?? 0) }]),
  );
  return Promise.all(
    stages.map(async (status): Promise<BoardColumn> => {
      const { count, value } = totals.get(status) ?? { count: 0, value: 0 };
      const pageCount = Math.max(1, Math.ceil(count / BOARD_PAGE_SIZE));
      const page = Math.min(Math.max(1, pages.get(status) ?? 1), pageCount);
      const rows = await db
        .selectFrom("leads")
        .select([
          "id",
          "name",
          "service",
          "condominium",
          "status",
          "created_at",
          "proposal_value_cents",
          "closed_value_cents",
        ])
        .where("status", "=", status)
        .where("repeat_of", "is", null)
        // The same order on both engines: a row without the time of its last move goes last.
        .orderBy(sql`stage_changed_at desc nulls last`)
        .orderBy("id", "desc")
        .limit(BOARD_PAGE_SIZE)
        .offset((page - 1) * BOARD_PAGE_SIZE)
        .execute();
      return {
        status,
        count,
        valueCents: value,
        page,
        pageCount,
        cards: rows.map((row) => ({
          id: row.id,
          name: row.name,
          service: row.service,
          condominium: row.condominium,
          status: row.status,
          createdAt: row.created_at,
          proposalCents: row.proposal_value_cents,
          closedCents: row.closed_value_cents,
        })),
      };
    }),
  );
}

const pageNumber = z.coerce.number().int().min(1).max(100_000).catch(1);

/**
 * The board's address: `?etapas=novo,em_contato` names the columns to show (all when absent or
 * unreadable), `?pagina_<etapa>=N` each column's page.
 */
export function parseBoardQuery(params: URLSearchParams): Map<LeadStatus, number> {
  const named = (params.get("etapas") ?? "")
    .split(",")
    .map((stage) => leadStatusSchema.safeParse(stage.trim()))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
  const stages = leadStatuses.filter((stage) => named.length === 0 || named.includes(stage));
  return new Map(stages.map((stage) => [stage, pageNumber.parse(params.get(`pagina_${stage}`) ?? 1)]));
}

/** The stage a narrow screen shows (`?etapa=`): one of the board's columns, the first unless told. */
export function parseBoardTab(params: URLSearchParams, columns: readonly LeadStatus[]): LeadStatus | null {
  const asked = leadStatusSchema.safeParse(params.get("etapa"));
  return asked.success && columns.includes(asked.data) ? asked.data : (columns[0] ?? null);
}
