import { randomUUID } from "node:crypto";
import { type Insertable, type Kysely, PostgresAdapter } from "kysely";
import type { PostStatus } from "~/lib/post-status";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import type { Database, LeadsTable } from "~/server/db/schema";
import { e2eBaseUrl, e2eDatabaseEnv } from "./e2e-env";

/** The database the end-to-end server uses, opened from the test process. */
export async function openE2eDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase(databaseConfigFromEnv(e2eDatabaseEnv));
  serverOf.set(handle.db, e2eBaseUrl);
  return handle;
}

/** The server that reads a database these helpers write to, when a test talks to one. */
const serverOf = new WeakMap<Kysely<Database>, string>();

export interface TestPostInput {
  title: string;
  slug?: string;
  excerpt?: string;
  content?: string;
  categorySlug: string;
  status?: PostStatus;
  featured?: boolean;
  readTime?: number;
  publishedAt?: string | null;
  featuredImageUrl?: string | null;
}

/** Insert a post directly (the admin comes later); returns its slug. */
export async function insertPost(db: Kysely<Database>, input: TestPostInput): Promise<string> {
  const category = await db
    .selectFrom("categories")
    .select("id")
    .where("slug", "=", input.categorySlug)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const slug = input.slug ?? `teste-${randomUUID().slice(0, 8)}`;
  const status = input.status ?? "published";
  await db
    .insertInto("blog_posts")
    .values({
      id: randomUUID(),
      title: input.title,
      slug,
      excerpt: input.excerpt ?? "Resumo do artigo de teste.",
      content: input.content ?? "<p>Conteúdo do artigo de teste.</p>",
      category_id: category.id,
      status,
      featured: input.featured ?? false,
      read_time: input.readTime ?? 5,
      author_id: null,
      published_at: input.publishedAt !== undefined ? input.publishedAt : status === "published" ? now : null,
      featured_image_url: input.featuredImageUrl ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await contentChangeDelivered(db);
  return slug;
}

/**
 * The server learns of a change written from here through the database: on SQLite before its
 * next cache lookup, on PostgreSQL by a NOTIFY that arrives a moment after the commit. Wait
 * until it has applied it, so the next request sees the change as any later visitor would:
 * the server answers a write to the admin only once every change committed before it is
 * applied (`settleAfterWrites`), and a data request without a session, refused, is such a
 * write as far as that wait goes.
 */
async function contentChangeDelivered(db: Kysely<Database>): Promise<void> {
  const server = serverOf.get(db);
  if (!server || !(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const answer = await fetch(`${server}/admin.data`, { method: "POST", headers: { Origin: server } });
  await answer.body?.cancel();
  if (answer.status !== 401)
    throw new Error(`the server did not settle its content changes: HTTP ${answer.status}`);
}

/** Insert a category; returns its slug. */
export async function insertCategory(db: Kysely<Database>, name: string, slug: string): Promise<string> {
  await db
    .insertInto("categories")
    .values({ id: randomUUID(), name, slug, created_at: new Date().toISOString() })
    .execute();
  await contentChangeDelivered(db);
  return slug;
}

/** A team member of a test's own; returns the account's id. */
export async function insertUser(
  db: Kysely<Database>,
  user: { email: string; passwordHash: string; role: "admin" | "editor"; name?: string | null },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("users")
    .values({
      id,
      email: user.email,
      password_hash: user.passwordHash,
      name: user.name ?? null,
      role: user.role,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A quote request as the form stores it (no e-mail queued); `fields` replace the defaults. */
export async function insertTestLead(
  db: Kysely<Database>,
  fields: Partial<Insertable<LeadsTable>> = {},
): Promise<{ id: string; name: string }> {
  const id = fields.id ?? randomUUID();
  const name = fields.name ?? `Síndica Teste ${id.slice(0, 8)}`;
  const now = new Date().toISOString();
  await db
    .insertInto("leads")
    .values({
      email: `sindica-${id.slice(0, 8)}@exemplo.com.br`,
      phone: "(41) 98888-7777",
      condominium: "Condomínio Jardim das Araucárias",
      service: "Restauração de Fachadas",
      message: "Fachada com pastilhas soltando no 8º andar.",
      status: "novo",
      note: "",
      created_at: now,
      updated_at: now,
      ...fields,
      id,
      name,
    })
    .execute();
  return { id, name };
}
