import { data } from "react-router";
import type { ParsedListQuery } from "~/server/admin-lists/index.server";

// What the admin's filtered lists (posts, requests, the audit log) answer: the rows of the
// query in the address, read beside what the filters offer; a filter that cannot be applied is
// a 400 whose page says why, with the form to fix it, and no rows.

export async function listPage<Query, Rows, Extra extends object>(
  parsed: ParsedListQuery<Query>,
  rows: (query: Query) => Promise<Rows>,
  extra: Promise<Extra>,
) {
  const [list, more] = await Promise.all([parsed.ok ? rows(parsed.query) : null, extra]);
  const page = { ...more, list, query: parsed.query, invalidQuery: parsed.ok ? null : parsed.message };
  return parsed.ok ? page : data(page, { status: 400 });
}
