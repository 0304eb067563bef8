import { type Kysely, PostgresAdapter } from "kysely";

/** The few column types that differ between the two engines. */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    timestamp: postgres ? ("timestamptz" as const) : ("text" as const),
    flag: postgres ? ("boolean" as const) : ("integer" as const),
    bytes: postgres ? ("bytea" as const) : ("blob" as const),
  };
}
