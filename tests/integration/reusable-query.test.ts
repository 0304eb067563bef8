import { expect, it } from "vitest";
import { database } from "~/server/db/database.server";
import { reusableQuery } from "~/server/db/reusable-query.server";
import { describeOnEachEngine } from "../support/engine-suite";

describeOnEachEngine("reusableQuery", () => {
  it("builds the query once and runs it with each call's values, wherever they are bound", async () => {
    const db = await database();
    let builds = 0;
    const categoriesBySlug = reusableQuery(["first", "second"], (db, { first, second }) => {
      builds++;
      return db
        .selectFrom("categories")
        .select(["slug", "name"])
        .where((eb) => eb.or([eb("slug", "=", first), eb("slug", "=", second), eb("name", "=", first)]))
        .orderBy("slug");
    });

    const both = await categoriesBySlug(db, { first: "fachadas", second: "impermeabilizacao" });
    expect(both.map((row) => row.slug)).toEqual(["fachadas", "impermeabilizacao"]);
    // A name given as the first value matches through its third use.
    const byName = await categoriesBySlug(db, { first: "Fachadas", second: "nada" });
    expect(byName).toEqual([{ slug: "fachadas", name: "Fachadas" }]);
    expect(await categoriesBySlug(db, { first: "nada", second: "nenhuma" })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("refuses a value the query does not bind as a parameter", async () => {
    const db = await database();
    const unbound = reusableQuery(["slug", "unused"], (db, { slug }) =>
      db.selectFrom("categories").select("id").where("slug", "=", slug),
    );
    await expect(unbound(db, { slug: "fachadas", unused: "x" })).rejects.toThrow(/unused/);
  });
});
