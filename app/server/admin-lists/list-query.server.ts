import type { SelectQueryBuilder } from "kysely";
import { z } from "zod";
import {
  ADMIN_SEARCH_MAX_LENGTH,
  type AuditListQuery,
  type LeadListQuery,
  type PostListQuery,
} from "~/lib/admin-list";
import { AUDIT_GROUPS } from "~/lib/audit-actions";
import { leadStatuses } from "~/lib/lead-status";
import { postStatuses } from "~/lib/post-status";

// The query strings of the admin lists (/admin and /admin/solicitacoes), read with Zod. They
// come from GET forms and bookmarks, so anything may arrive: a page that is not a page number
// falls back to the first, a long search is cut, and a filter that cannot be applied (an
// unknown status, an impossible date, a range that ends before it starts) is refused with a
// pt-BR message that the page shows with a 400, never applied half-way nor answered with a 500.

const MAX_PAGE = 100_000;

// A GET form sends every field, empty when unused: empty means "no filter".
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const page = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);
const search = z
  .string()
  .optional()
  // PostgreSQL refuses a NUL character in text: it can match nothing, so it goes.
  .transform((value) => (value ?? "").replaceAll("\u0000", "").trim().slice(0, ADMIN_SEARCH_MAX_LENGTH))
  .catch("");
const day = (which: string) => z.iso.date({ error: `A data ${which} é inválida; use o seletor de data.` });

const dateRange = {
  from: optional(day("inicial")),
  to: optional(day("final")),
};
const rangeInOrder = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const rangeMessage = { message: "A data inicial deve ser igual ou anterior à data final.", path: ["to"] };

const postListSchema = z
  .object({
    search,
    page,
    status: optional(z.enum(postStatuses, { error: "Status de post inválido." })),
    category: optional(z.string().regex(/^[a-z0-9-]{1,100}$/, { error: "Categoria inválida." })),
    ...dateRange,
  })
  .refine(rangeInOrder, rangeMessage);

const leadListSchema = z
  .object({
    search,
    page,
    status: optional(z.enum(leadStatuses, { error: "Etapa de solicitação inválida." })),
    service: optional(
      z
        .string()
        .trim()
        .max(200, { error: "Serviço inválido." })
        .refine((value) => !value.includes("\u0000"), { error: "Serviço inválido." }),
    ),
    ...dateRange,
  })
  .refine(rangeInOrder, rangeMessage);

const auditListSchema = z
  .object({
    page,
    user: optional(z.string().regex(/^[\w-]{1,100}$/, { error: "Usuário inválido." })),
    group: optional(z.enum(AUDIT_GROUPS, { error: "Tipo de ação inválido." })),
    ...dateRange,
  })
  .refine(rangeInOrder, rangeMessage);

/** A list query as read: applied, or refused with a message and the filters that were valid. */
export type ParsedListQuery<Query> =
  | { ok: true; query: Query }
  | { ok: false; message: string; query: Query };

/**
 * Parse with `schema`; on failure, the message of the first problem and the query without the
 * fields that had one (for the form to show what still stands).
 */
function parseWith<Output>(schema: z.ZodType<Output>, raw: Record<string, string | undefined>) {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const invalid = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !invalid.has(name)));
  const fallback = schema.safeParse(kept);
  return {
    ok: false as const,
    message: parsed.error.issues[0]?.message ?? "Filtro inválido.",
    // Without the offending fields every remaining one is valid; the empty query is the last resort.
    data: fallback.success ? fallback.data : schema.parse({}),
  };
}

const first = (params: URLSearchParams, name: string) => params.get(name) ?? undefined;

/** /admin?busca=&status=&categoria=&de=&ate=&pagina= */
export function parsePostListQuery(params: URLSearchParams): ParsedListQuery<PostListQuery> {
  const result = parseWith(postListSchema, {
    search: first(params, "busca"),
    page: first(params, "pagina"),
    status: first(params, "status"),
    category: first(params, "categoria"),
    from: first(params, "de"),
    to: first(params, "ate"),
  });
  const { data } = result;
  const query: PostListQuery = {
    search: data.search,
    status: data.status ?? null,
    category: data.category ?? null,
    from: data.from ?? null,
    to: data.to ?? null,
    page: data.page,
  };
  return result.ok ? { ok: true, query } : { ok: false, message: result.message, query };
}

/** /admin/solicitacoes?busca=&status=&servico=&de=&ate=&pagina= (and the CSV export). */
export function parseLeadListQuery(params: URLSearchParams): ParsedListQuery<LeadListQuery> {
  const result = parseWith(leadListSchema, {
    search: first(params, "busca"),
    page: first(params, "pagina"),
    status: first(params, "status"),
    service: first(params, "servico"),
    from: first(params, "de"),
    to: first(params, "ate"),
  });
  const { data } = result;
  const query: LeadListQuery = {
    search: data.search,
    status: data.status ?? null,
    service: data.service ?? null,
    from: data.from ?? null,
    to: data.to ?? null,
    page: data.page,
  };
  return result.ok ? { ok: true, query } : { ok: false, message: result.message, query };
}

/** /admin/auditoria?usuario=&acao=&de=&ate=&pagina= (and the CSV export). */
export function parseAuditListQuery(params: URLSearchParams): ParsedListQuery<AuditListQuery> {
  const result = parseWith(auditListSchema, {
    page: first(params, "pagina"),
    user: first(params, "usuario"),
    group: first(params, "acao"),
    from: first(params, "de"),
    to: first(params, "ate"),
  });
  const { data } = result;
  const query: AuditListQuery = {
    user: data.user ?? null,
    group: data.group ?? null,
    from: data.from ?? null,
    to: data.to ?? null,
    page: data.page,
  };
  return result.ok ? { ok: true, query } : { ok: false, message: result.message, query };
}

/** Where a page of a paged list lies once its rows are counted. */
export interface PageWindow {
  /** The page asked for, or the last one when it asked beyond the end (page 1 of an empty list). */
  page: number;
  pageCount: number;
  total: number;
  /** Rows before the page: its OFFSET. */
  offset: number;
}

export function pageWindow(total: number, requestedPage: number, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requestedPage, pageCount);
  return { page, pageCount, total, offset: (page - 1) * pageSize };
}

/**
 * Counts the rows `matching` selects (the same filters the page is then read with) and places the
 * asked page among them. PostgreSQL answers the count as a string, SQLite as a number.
 */
export async function countedPageWindow<DB, TB extends keyof DB, O>(
  matching: SelectQueryBuilder<DB, TB, O>,
  requestedPage: number,
  pageSize: number,
): Promise<PageWindow> {
  const counted = await matching
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    // Over generic tables TypeScript cannot resolve the row's type; it is this one column.
    .$castTo<{ total: number | string }>()
    .executeTakeFirstOrThrow();
  return pageWindow(Number(counted.total), requestedPage, pageSize);
}
