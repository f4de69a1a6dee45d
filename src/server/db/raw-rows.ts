import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./database";
import { pgliteRows } from "./pglite-statement";

const dialect = new PgDialect();

/**
 * The rows of a hand-written statement, typed by the caller from the statement's own column list. Such
 * statements cast or format what the drivers would parse differently (bigint, timestamps), so a row reads
 * the same on PGlite and PostgreSQL.
 *
 * Outside a transaction the statement goes straight to the driver's client: drizzle's execute adds nothing
 * such a statement needs, and on PGlite its per-query result parsers cost more than a simple query itself;
 * there it goes in one trip as a prepared statement (see pglite-statement.ts).
 */
export async function rawRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  if ("$client" in db) {
    const { sql, params } = dialect.sqlToQuery(query);
    if (db.$client instanceof PGlite) return (await pgliteRows(db.$client, sql, params)) as Row[];
    return (await db.$client.query(sql, params)).rows as Row[];
  }
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
