import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { slugify, uniqueSlug } from "~/lib/slug";
import { database } from "../db/database.server";
import { inTransaction } from "../db/in-transaction.server";
import type { Database } from "../db/schema";

/** Where a write runs: a command's transaction, or the database itself. */
type Store = Kysely<Database> | Transaction<Database>;

export interface AdminCategory {
  id: string;
  name: string;
  slug: string;
  postCount: number;
}

export async function listCategoriesWithCounts(): Promise<AdminCategory[]> {
  const db = await database();
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("blog_posts as p", "p.category_id", "c.id")
    .select(["c.id", "c.name", "c.slug", (eb) => eb.fn.count<number>("p.id").as("post_count")])
    .groupBy(["c.id", "c.name", "c.slug"])
    .execute();
  const byName = new Intl.Collator("pt-BR", { sensitivity: "base" });
  return rows
    .map((row) => ({ id: row.id, name: row.name, slug: row.slug, postCount: Number(row.post_count) }))
    .sort((a, b) => byName.compare(a.name, b.name));
}

async function uniqueCategorySlug(db: Store, name: string, exceptId: string | null): Promise<string> {
  return uniqueSlug(slugify(name), async (candidate) => {
    let query = db.selectFrom("categories").select("id").where("slug", "=", candidate);
    if (exceptId) query = query.where("id", "!=", exceptId);
    return Boolean(await query.executeTakeFirst());
  });
}

export async function createCategory(name: string, within?: Store): Promise<void> {
  const db = within ?? (await database());
  await db
    .insertInto("categories")
    .values({
      id: randomUUID(),
      name,
      slug: await uniqueCategorySlug(db, name, null),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Renames a category; its name before, or null when there is no such category. */
export async function renameCategory(id: string, name: string, within?: Store): Promise<string | null> {
  const db = within ?? (await database());
  const before = await categoryName(id, db);
  if (before === null) return null;
  await db
    .updateTable("categories")
    .set({ name, slug: await uniqueCategorySlug(db, name, id) })
    .where("id", "=", id)
    .execute();
  return before;
}

export type DeleteCategoryResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** A category's name, or null when there is none with this id. */
export async function categoryName(id: string, within?: Store): Promise<string | null> {
  const db = within ?? (await database());
  const row = await db.selectFrom("categories").select("name").where("id", "=", id).executeTakeFirst();
  return row?.name ?? null;
}

/** Deleting a category that posts use is refused: the posts would lose their category. */
export async function deleteCategory(
  id: string,
  within?: Transaction<Database>,
): Promise<DeleteCategoryResult> {
  const remove = async (trx: Transaction<Database>): Promise<DeleteCategoryResult> => {
    const category = await trx
      .selectFrom("categories")
      .select("name")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!category) return { ok: false, status: 404, message: "Categoria não encontrada." };
    const used = await trx
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("category_id", "=", id)
      .executeTakeFirstOrThrow();
    const count = Number(used.n);
    if (count > 0) {
      const posts = count === 1 ? "1 post usa" : `${count} posts usam`;
      return {
        ok: false,
        status: 409,
        message: `Não é possível excluir a categoria "${category.name}": ${posts} essa categoria. Mova-os para outra categoria antes.`,
      };
    }
    await trx.deleteFrom("categories").where("id", "=", id).execute();
    return { ok: true };
  };
  return inTransaction(within, remove);
}
