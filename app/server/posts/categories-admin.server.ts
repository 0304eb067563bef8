import { randomUUID } from "node:crypto";
import { z } from "zod";
import { slugify, uniqueSlug } from "~/lib/slug";
import { database } from "../db/database.server";

export interface AdminCategory {
  id: string;
  name: string;
  slug: string;
  postCount: number;
}

export const categoryFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Informe o nome da categoria.")
    .max(80, "O nome pode ter no máximo 80 caracteres."),
});

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

async function uniqueCategorySlug(name: string, exceptId: string | null): Promise<string> {
  const db = await database();
  return uniqueSlug(slugify(name), async (candidate) => {
    let query = db.selectFrom("categories").select("id").where("slug", "=", candidate);
    if (exceptId) query = query.where("id", "!=", exceptId);
    return Boolean(await query.executeTakeFirst());
  });
}

export async function createCategory(name: string): Promise<void> {
  const db = await database();
  await db
    .insertInto("categories")
    .values({
      id: randomUUID(),
      name,
      slug: await uniqueCategorySlug(name, null),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function renameCategory(id: string, name: string): Promise<boolean> {
  const db = await database();
  const result = await db
    .updateTable("categories")
    .set({ name, slug: await uniqueCategorySlug(name, id) })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type DeleteCategoryResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** Deleting a category that posts use is refused: the posts would lose their category. */
export async function deleteCategory(id: string): Promise<DeleteCategoryResult> {
  const db = await database();
  return db.transaction().execute(async (trx) => {
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
  });
}
