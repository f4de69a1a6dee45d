import type { SQL } from "drizzle-orm";
import type { Executor } from "./database";

/**
 * The rows of a hand-written statement, typed by the caller from the statement's own column list. Both
 * drivers answer `{ rows }`; such statements cast or format what the drivers would parse differently
 * (bigint, timestamps), so a row reads the same on PGlite and PostgreSQL.
 */
export async function rawRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
