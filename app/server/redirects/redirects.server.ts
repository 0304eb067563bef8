import { sql, type Transaction } from "kysely";
import { articleSlugOf, isOnSitePath, redirectKey, targetPathOf } from "~/lib/redirect-paths";
import { countedPageWindow } from "../admin-lists/list-query.server";
import { database } from "../db/database.server";
import { inTransaction } from "../db/in-transaction.server";
import type { Database } from "../db/schema";

// Permanent redirects: the lookup the public pages make when nothing answers a path, and what
// the admin's screen lists, adds, deletes and imports. The database keeps the redirects of
// renamed posts itself (migration 0013); here, redirects the owner adds are refused when they
// would make a loop or a chain (a visitor, or a crawler, would follow two hops or forever).

export const REDIRECTS_PAGE_SIZE = 50;

/** Cache-Control of a 301: browsers and CDNs may keep it a day (the owner can still delete one). */
export const PERMANENT_REDIRECT_CACHE_CONTROL = "public, max-age=86400";

/** The answer to a path that has a redirect: 301, kept a while by browsers and CDNs. */
export function permanentRedirect(target: string): Response {
  return new Response(null, {
    status: 301,
    headers: { Location: target, "Cache-Control": PERMANENT_REDIRECT_CACHE_CONTROL },
  });
}

/** Where a path that nothing else answers is sent, or null: one lookup by the unique key. */
export async function findRedirectTarget(pathname: string): Promise<string | null> {
  const key = redirectKey(pathname);
  if (key.length > 1000) return null;
  const db = await database();
  const row = await db
    .selectFrom("redirects")
    .select("to_path")
    .where("from_path", "=", key)
    .executeTakeFirst();
  // A target stored before targets were checked as they are now (or written by hand) that
  // would send the visitor to another host is never served: the path is a 404 instead.
  return row && isOnSitePath(row.to_path) ? row.to_path : null;
}

export interface RedirectListItem {
  id: number;
  from: string;
  to: string;
  createdAt: string;
}

export interface RedirectsQuery {
  search: string;
  page: number;
}

export interface RedirectsPage {
  items: RedirectListItem[];
  search: string;
  page: number;
  pageCount: number;
  total: number;
}

export function redirectsQueryFrom(params: URLSearchParams): RedirectsQuery {
  const search = (params.get("busca") ?? "").trim().slice(0, 200);
  const page = Number.parseInt(params.get("pagina") ?? "1", 10);
  return { search, page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1 };
}

/** One page of redirects, newest first, filtered on the server by a piece of either path. */
export async function listRedirects(query: RedirectsQuery): Promise<RedirectsPage> {
  const db = await database();
  const term = query.search.toLowerCase();
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  let base = db.selectFrom("redirects");
  if (term) {
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(from_path)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(to_path)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const { page, pageCount, total, offset } = await countedPageWindow(base, query.page, REDIRECTS_PAGE_SIZE);
  const rows = await base
    .select(["id", "from_path", "to_path", "created_at"])
    .orderBy("id", "desc")
    .limit(REDIRECTS_PAGE_SIZE)
    .offset(offset)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      from: row.from_path,
      to: row.to_path,
      createdAt: row.created_at,
    })),
    search: query.search,
    page,
    pageCount,
    total,
  };
}

export interface NewRedirect {
  from: string;
  to: string;
}

/**
 * Why these redirects cannot be added (pt-BR, one message per redirect that is refused, keyed
 * by its index), checked against the stored ones and against each other.
 */
async function refusals(
  trx: Transaction<Database>,
  redirects: readonly NewRedirect[],
): Promise<Map<number, string>> {
  const problems = new Map<number, string>();
  const sources = [...new Set(redirects.map((redirect) => redirect.from))];
  const targets = [...new Set(redirects.map((redirect) => targetPathOf(redirect.to)))];
  const [takenSources, sourcesThatAreTargets, targetsThatAreSources, articles] = await Promise.all([
    chunked(sources, (chunk) =>
      trx.selectFrom("redirects").select(["from_path", "to_path"]).where("from_path", "in", chunk).execute(),
    ),
    chunked(sources, (chunk) =>
      trx.selectFrom("redirects").select(["from_path", "to_path"]).where("to_path", "in", chunk).execute(),
    ),
    chunked(targets, (chunk) =>
      trx.selectFrom("redirects").select(["from_path", "to_path"]).where("from_path", "in", chunk).execute(),
    ),
    chunked(
      sources.flatMap((source) => articleSlugOf(source) ?? []),
      (chunk) =>
        trx
          .selectFrom("blog_posts")
          .select("slug")
          .where("slug", "in", chunk)
          .where("status", "=", "published")
          .execute(),
    ),
  ]);
  const storedFrom = new Map(takenSources.map((row) => [row.from_path, row.to_path]));
  const pointingAt = new Map(sourcesThatAreTargets.map((row) => [row.to_path, row.from_path]));
  const targetRedirects = new Map(targetsThatAreSources.map((row) => [row.from_path, row.to_path]));
  const publishedSlugs = new Set(articles.map((row) => row.slug));
  const newFrom = new Map<string, number>();
  redirects.forEach((redirect, index) => {
    if (!newFrom.has(redirect.from)) newFrom.set(redirect.from, index);
  });
  const newTargets = new Map<string, number>();
  redirects.forEach((redirect, index) => {
    const target = targetPathOf(redirect.to);
    if (!newTargets.has(target)) newTargets.set(target, index);
  });

  redirects.forEach((redirect, index) => {
    const target = targetPathOf(redirect.to);
    const slug = articleSlugOf(redirect.from);
    const problem =
      target === redirect.from
        ? `${redirect.from} redirecionaria para si mesmo.`
        : slug && publishedSlugs.has(slug)
          ? `${redirect.from} é um artigo publicado do site e não pode ser redirecionado.`
          : storedFrom.has(redirect.from)
            ? `já existe um redirecionamento de ${redirect.from} (para ${storedFrom.get(redirect.from)}).`
            : newFrom.get(redirect.from) !== index
              ? `${redirect.from} aparece mais de uma vez como origem.`
              : targetRedirects.has(target)
                ? targetRedirects.get(target) === redirect.from
                  ? `${target} já redireciona para ${redirect.from}: isso criaria um ciclo.`
                  : `${target} já redireciona para ${targetRedirects.get(target)}: aponte direto para o destino final (não são permitidas cadeias).`
                : newFrom.has(target)
                  ? `${target} também é origem de outro redirecionamento deste envio: isso criaria ${
                      targetPathOf(redirects[newFrom.get(target) ?? 0]?.to ?? "") === redirect.from
                        ? "um ciclo"
                        : "uma cadeia"
                    }.`
                  : pointingAt.has(redirect.from)
                    ? `${pointingAt.get(redirect.from)} já redireciona para ${redirect.from}: isso criaria uma cadeia.`
                    : newTargets.has(redirect.from)
                      ? `${redirect.from} é destino de outro redirecionamento deste envio: isso criaria uma cadeia.`
                      : null;
    if (problem) problems.set(index, problem);
  });
  return problems;
}

/** Runs a query for a long list of values a few hundred at a time (bound parameters are limited). */
async function chunked<Value, Row>(
  values: readonly Value[],
  query: (chunk: Value[]) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < values.length; start += 500) {
    rows.push(...(await query(values.slice(start, start + 500))));
  }
  return rows;
}

export type AddRedirectsResult = { ok: true; added: number } | { ok: false; problems: Map<number, string> };

/** Add these redirects, all or none (refused when any would make a loop, a chain or a duplicate). */
export async function addRedirects(
  redirects: readonly NewRedirect[],
  /** The transaction to add them in (a command's, with its audit entry); else one of their own. */
  within?: Transaction<Database>,
): Promise<AddRedirectsResult> {
  try {
    return await insertRedirects(redirects, within);
  } catch (error) {
    // Someone else added one of these sources between the checks and the insert.
    if (isUniqueViolation(error)) {
      return {
        ok: false,
        problems: new Map([[0, "outro redirecionamento com a mesma origem acabou de ser criado."]]),
      };
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "23505" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

async function insertRedirects(
  redirects: readonly NewRedirect[],
  within?: Transaction<Database>,
): Promise<AddRedirectsResult> {
  const insert = async (trx: Transaction<Database>): Promise<AddRedirectsResult> => {
    const problems = await refusals(trx, redirects);
    if (problems.size > 0) return { ok: false, problems };
    for (let start = 0; start < redirects.length; start += 200) {
      const chunk = redirects.slice(start, start + 200);
      await trx
        .insertInto("redirects")
        .values(
          chunk.map((redirect) => ({
            from_path: redirect.from,
            to_path: redirect.to,
            created_at: new Date().toISOString(),
          })),
        )
        .execute();
    }
    return { ok: true, added: redirects.length };
  };
  return inTransaction(within, insert);
}

/** Delete one redirect; the path it answered is a 404 again. Returns its source, or null. */
export async function deleteRedirect(id: number, within?: Transaction<Database>): Promise<string | null> {
  const db = within ?? (await database());
  const row = await db.deleteFrom("redirects").where("id", "=", id).returning("from_path").executeTakeFirst();
  return row?.from_path ?? null;
}
