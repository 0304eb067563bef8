import type { Kysely } from "kysely";
import {
  type AdministratorHome,
  type EditorHome,
  HOME_LIST_LIMIT,
  type HomeAuditEntry,
  type HomeDraft,
  type HomeList,
  type HomeScheduledPost,
} from "~/lib/admin-home";
import { auditActionLabel } from "~/lib/audit-actions";
import { addDays, dayStartUtc } from "~/lib/site-time";
import { listRecentAuditEntries } from "../audit/audit-list.server";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { weekStarts } from "../leads/lead-dashboard.server";
import { siteHealth } from "./site-health.server";
import { unansweredLeads } from "./unanswered-leads.server";

// The admin's home page (/admin/inicio): what is waiting for someone. Every figure is a count
// or a LIMITed read the database answers from an index, so the page costs the same with ten
// thousand requests and posts as with ten:
// - unanswered requests: leads_status_created_at_id_idx (status, created_at, id), in
//   unanswered-leads.server.ts, which the posts page's strip reads too;
// - the weeks' requests: leads_created_at_idx, a range of two weeks;
// - drafts: blog_posts_status_created_at_idx narrows to the drafts, the newest edits sorted;
// - scheduled posts: blog_posts_scheduled_at_idx (partial, status = 'scheduled');
// - recent activity: audit_log_at_idx.

const count = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** Requests of this calendar week and of the previous one, Monday to Sunday in São Paulo. */
async function weeklyRequests(
  db: Kysely<Database>,
  now: Date,
): Promise<{ requestsThisWeek: number; requestsLastWeek: number }> {
  const [lastMonday = "", thisMonday = ""] = weekStarts(now, 2);
  const lastWeekStart = dayStartUtc(lastMonday);
  const thisWeekStart = dayStartUtc(thisMonday);
  const nextWeekStart = dayStartUtc(addDays(thisMonday, 7));
  const row = await db
    .selectFrom("leads")
    .where("created_at", ">=", lastWeekStart)
    .where("created_at", "<", nextWeekStart)
    .where("repeat_of", "is", null)
    .select((eb) => [
      eb.fn
        .sum<number | null>(
          eb.case().when("created_at", ">=", thisWeekStart).then(eb.lit(1)).else(eb.lit(0)).end(),
        )
        .as("this_week"),
      eb.fn.countAll<number>().as("both"),
    ])
    .executeTakeFirst();
  const thisWeek = count(row?.this_week);
  return { requestsThisWeek: thisWeek, requestsLastWeek: count(row?.both) - thisWeek };
}

/** Drafts, the most recently edited first; `authorId` keeps one author's. */
async function drafts(db: Kysely<Database>, authorId?: string): Promise<HomeList<HomeDraft>> {
  let matching = db.selectFrom("blog_posts").where("status", "=", "draft");
  if (authorId !== undefined) matching = matching.where("author_id", "=", authorId);
  const [rows, total] = await Promise.all([
    matching
      .select(["id", "title", "updated_at"])
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(HOME_LIST_LIMIT)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return {
    items: rows.map((row) => ({ id: row.id, title: row.title, updated_at: String(row.updated_at) })),
    total: count(total?.n),
  };
}

/** Scheduled posts, the soonest first; `authorId` keeps one author's. */
async function scheduled(db: Kysely<Database>, authorId?: string): Promise<HomeList<HomeScheduledPost>> {
  let matching = db.selectFrom("blog_posts").where("status", "=", "scheduled");
  if (authorId !== undefined) matching = matching.where("author_id", "=", authorId);
  const [rows, total] = await Promise.all([
    matching
      .select(["id", "title", "scheduled_at"])
      .orderBy("scheduled_at")
      .orderBy("id")
      .limit(HOME_LIST_LIMIT)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      // Always set on a scheduled post (savePost and the scheduler keep them together).
      scheduled_at: String(row.scheduled_at ?? ""),
    })),
    total: count(total?.n),
  };
}

async function recentAudit(): Promise<HomeAuditEntry[]> {
  const entries = await listRecentAuditEntries(HOME_LIST_LIMIT);
  return entries.map((entry) => ({ ...entry, actionLabel: auditActionLabel(entry.action) }));
}

/** Everything an Administrador's home shows. */
export async function administratorHome(now: Date = new Date()): Promise<AdministratorHome> {
  const db = await database();
  const [leads, weeks, draftList, scheduledList, audit, health] = await Promise.all([
    unansweredLeads(db, HOME_LIST_LIMIT),
    weeklyRequests(db, now),
    drafts(db),
    scheduled(db),
    recentAudit(),
    siteHealth({ now }),
  ]);
  return {
    unansweredLeads: leads,
    ...weeks,
    drafts: draftList,
    scheduled: scheduledList,
    recentAudit: audit,
    health,
  };
}

/**
 * An Editor's home: their own drafts and scheduled posts (blog_posts.author_id, the account
 * that created the post; a post created by a script or before accounts existed has none and
 * shows on no Editor's home). Editors see no requests, audit or health (roles.ts).
 */
export async function editorHome(userId: string): Promise<EditorHome> {
  const db = await database();
  const [draftList, scheduledList] = await Promise.all([drafts(db, userId), scheduled(db, userId)]);
  return { drafts: draftList, scheduled: scheduledList };
}
