import { randomUUID } from "node:crypto";
import { type Compilable, CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./schema";

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
  /** Where each named value goes in `parameters`. */
  slots: Array<{ index: number; name: string }>;
}

/**
 * A query that Kysely builds and compiles once per database and then runs with new values.
 * Kysely allocates and freezes a new operation tree and compiles it to SQL each time a query is
 * built: for the article page's query that was about 5 % of an uncached page's time, and its
 * garbage.
 *
 * `build` receives a stand-in for each named value. The stand-ins must reach the SQL as bound
 * parameters unchanged (comparisons, `in`), never transformed by the builder (e.g. `like`
 * patterns); compiling throws when a name is not found among the parameters.
 */
export function reusableQuery<Name extends string, Row>(
  names: readonly Name[],
  build: (db: Kysely<Database>, values: Record<Name, string>) => Compilable<Row>,
): (db: Kysely<Database>, values: Record<Name, string>) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<Database>, Compiled>();
  const marker = `\u0000${randomUUID()}:`;

  const compile = (db: Kysely<Database>): Compiled => {
    const standIns = Object.fromEntries(names.map((name) => [name, `${marker}${name}`])) as Record<
      Name,
      string
    >;
    const { sql, parameters } = build(db, standIns).compile();
    const slots = parameters.flatMap((value, index) =>
      typeof value === "string" && value.startsWith(marker)
        ? [{ index, name: value.slice(marker.length) }]
        : [],
    );
    const missing = names.filter((name) => !slots.some((slot) => slot.name === name));
    if (missing.length) throw new Error(`reusableQuery: ${missing.join(", ")} not bound as parameters`);
    return { sql, parameters, slots };
  };

  return async (db, values) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = compile(db);
      compiledFor.set(db, compiled);
    }
    const parameters = [...compiled.parameters];
    for (const { index, name } of compiled.slots) parameters[index] = values[name as Name];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
