// The benchmark's database: a fresh SQLite file in a temporary directory, or with --pg a fresh
// schema in PostgreSQL that is dropped afterwards. Prepared like a new site (migrations, demo
// content) plus the synthetic posts of bench-seed.ts.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type * as Site from "../app/server/runtime/maintenance.server.ts";
import { dropSchema } from "../harness/drop-schema.ts";
import {
  BENCH_AUDIT_ROWS,
  BENCH_LEAD_ROWS,
  seedBenchAuditLog,
  seedBenchLeads,
  seedBenchRevisions,
} from "./bench-admin.ts";
import { BENCH_MEDIA_ROWS, benchAdminCookie, seedBenchMedia } from "./bench-media.ts";
import { type BenchCategory, seedBenchPosts } from "./bench-seed.ts";
import { seedBenchVisits } from "./bench-visits.ts";

const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/test";
const INSERT_BATCH = 500;
/** How many different articles the mixed load reads. */
const MIXED_ARTICLES = 6;

export interface BenchDatabase {
  engine: "sqlite" | "postgres";
  /** What the seeding code and the servers both read (the servers also inherit process.env). */
  env: Record<string, string>;
  drop: () => Promise<void>;
}

/** SQLite in `dir` (a temporary directory the caller removes). */
export function sqliteDatabase(dir: string): BenchDatabase {
  const dataDir = path.join(dir, "data");
  mkdirSync(dataDir, { recursive: true });
  return {
    engine: "sqlite",
    // Empty values mean "unset" to the app: a DATABASE_URL in the shell must not win here.
    env: { DATA_DIR: dataDir, DATABASE_URL: "", DATABASE_SCHEMA: "" },
    drop: async () => {},
  };
}

export function postgresDatabase(): BenchDatabase {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_PG_URL;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const schema = `bench_${stamp}_${process.pid}`;
  return {
    engine: "postgres",
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    drop: () => dropSchema(url, schema),
  };
}

export interface PreparedDatabase {
  description: string;
  category: BenchCategory;
  /** The article of the fixed cases. */
  article: { slug: string; title: string };
  /** Articles spread over the date range, for the mixed load. */
  articleSlugs: string[];
  publishedPosts: number;
  timings: {
    setupMs: number;
    generateMs: number;
    insertMs: number;
    mediaInsertMs: number;
    leadInsertMs: number;
    totalMs: number;
  };
  /** Rows in the media library (for /admin/midia). */
  mediaRows: number;
  /** Quote requests (for /admin/solicitacoes). */
  leadRows: number;
  /** Posts of every status (for /admin). */
  totalPosts: number;
  /** A signed-in owner's Cookie header, for the admin's pages. */
  adminCookie: string;
  /** The post whose editor is measured with a full list of revisions. */
  revisionsPostId: string;
  averageContentBytes: number;
  featuredInserted: number;
}

export async function prepareDatabase(
  site: typeof Site,
  env: Record<string, string>,
  posts: number,
): Promise<PreparedDatabase> {
  const start = performance.now();
  const config = site.databaseConfigFromEnv(env);
  const handle = await site.openDatabase(config);
  try {
    await site.migrateToLatest(handle);
    const demo = await site.seedDemoContentIfEmpty(handle.db);
    if (!demo.seeded) throw new Error(`O banco de benchmark deveria estar vazio (${demo.reason}).`);
    const categories = await handle.db
      .selectFrom("categories")
      .select(["id", "name", "slug"])
      .orderBy("slug")
      .execute();
    const setupMs = performance.now() - start;
    const seeded = await seedBenchPosts(handle.db, categories, {
      count: posts,
      batchSize: INSERT_BATCH,
      years: 7,
    });
    const media = await seedBenchMedia(handle.db, BENCH_MEDIA_ROWS);
    const leads = await seedBenchLeads(handle.db, BENCH_LEAD_ROWS);
    // A year of visits and taps for the conversions dashboard.
    await seedBenchVisits(handle.db);
    const adminCookie = await benchAdminCookie(handle.db, env.PUBLIC_URL);
    const owner = await handle.db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const revisionsPostId = await seedBenchRevisions(handle.db, seeded.samplePost.slug, owner.id);
    await seedBenchAuditLog(handle.db, BENCH_AUDIT_ROWS);
    // A real server's autovacuum analyzes a table that grew this much within a minute or so;
    // without statistics the planner expects ~100 posts and, e.g., sorts the sitemap on disk.
    // Analyzing now measures the steady state instead of whenever autovacuum happens to run.
    if (config.engine === "postgres")
      await sql`analyze blog_posts, categories, media, leads, outbox, admin_post_search, admin_lead_search, audit_log, visit_counts, visit_uniques, contact_taps`.execute(
        handle.db,
      );
    const published = await handle.db
      .selectFrom("blog_posts")
      .where("status", "=", "published")
      .select("slug")
      .orderBy("published_at", "desc")
      .execute();
    const { totalPosts } = await handle.db
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number>().as("totalPosts"))
      .executeTakeFirstOrThrow();
    const step = Math.max(1, Math.floor(published.length / MIXED_ARTICLES));
    const articleSlugs = published
      .filter((_, i) => i % step === Math.floor(step / 2))
      .slice(0, MIXED_ARTICLES)
      .map((post) => post.slug);
    const category = categories.find((c) => c.slug === "fachadas") ?? categories[0];
    if (!category) throw new Error("O conteúdo de demonstração não criou categorias.");
    return {
      description: site.describeDatabase(config),
      category,
      article: seeded.samplePost,
      articleSlugs,
      publishedPosts: published.length,
      timings: {
        setupMs,
        generateMs: seeded.generateMs,
        insertMs: seeded.insertMs,
        mediaInsertMs: media.insertMs,
        leadInsertMs: leads.insertMs,
        totalMs: performance.now() - start,
      },
      mediaRows: BENCH_MEDIA_ROWS,
      leadRows: BENCH_LEAD_ROWS,
      totalPosts: Number(totalPosts),
      adminCookie,
      revisionsPostId,
      averageContentBytes: seeded.averageContentBytes,
      featuredInserted: seeded.featured,
    };
  } finally {
    await handle.close();
  }
}

/** Which of `emails` the leads table holds (read through the app's own database code). */
export async function storedLeadEmails(
  site: typeof Site,
  env: Record<string, string>,
  emailLike: string,
): Promise<Set<string>> {
  const handle = await site.openDatabase(site.databaseConfigFromEnv(env));
  try {
    const rows = await handle.db
      .selectFrom("leads")
      .select("email")
      .where("email", "like", emailLike)
      .execute();
    return new Set(rows.map((row) => row.email));
  } finally {
    await handle.close();
  }
}

/** Page views in the visit counts with this campaign tag (read after the server stopped: all written). */
export async function countedViews(
  site: typeof Site,
  env: Record<string, string>,
  campaign: string,
): Promise<number> {
  const handle = await site.openDatabase(site.databaseConfigFromEnv(env));
  try {
    const row = await handle.db
      .selectFrom("visit_counts")
      .select((eb) => eb.fn.sum<string>("views").as("views"))
      .where("utm_campaign", "=", campaign)
      .executeTakeFirst();
    return Number(row?.views ?? 0);
  } finally {
    await handle.close();
  }
}
