import { sql } from "kysely";
import { database } from "../db/database.server";

/** Whether the database answers a trivial query within `timeoutMs`. */
export async function databaseAnswers(timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = (async () => {
    try {
      await sql`select 1`.execute(await database());
      return true;
    } catch {
      return false;
    }
  })();
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
