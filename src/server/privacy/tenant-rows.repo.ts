import { type SQL, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { exportedColumns, sqlTypeOf, TENANT_TABLES, type TenantTable, tableName } from "./tenant-tables";

/** Rows read at once: what one page holds in memory, whatever the business holds. */
export const EXPORT_PAGE_ROWS = 1000;

const ident = (name: string) => sql.identifier(name);
const scopeOf = (entry: TenantTable, businessId: string) => sql`${ident(entry.scope)} = ${businessId}::uuid`;

/** How many rows the business has in each tenant table, by table name: exact counts. */
export async function countTenantRows(db: Executor, businessId: string): Promise<Map<string, number>> {
  const counts = sql.join(
    TENANT_TABLES.map(
      (entry) =>
        sql`select ${tableName(entry)}::text as name, count(*)::int as n from ${ident(tableName(entry))} where ${scopeOf(entry, businessId)}`,
    ),
    sql` union all `,
  );
  const rows = await rawRows<{ name: string; n: number }>(db, counts);
  return new Map(rows.map((row) => [row.name, row.n]));
}

/**
 * The business's rows of one table as JSON objects (exported columns only, in the table's column order;
 * the database writes the JSON, so a row reads the same on both drivers), a page at a time in key order:
 * each page starts after the last key of the one before, so nothing is read twice or held beyond a page.
 * Key values travel as text and are cast back to their column's type (a timestamp keeps its microseconds).
 */
export async function* tenantRowPages(
  db: Executor,
  entry: TenantTable,
  businessId: string,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<string[]> {
  const object = sql.join(
    exportedColumns(entry).map((column) => sql`${column.name}::text, ${ident(column.name)}`),
    sql`, `,
  );
  const keyColumns = entry.key.map((name) => ident(name));
  const keyTexts = sql.join(
    entry.key.map((name, i) => sql`${ident(name)}::text as ${ident(`k${i}`)}`),
    sql`, `,
  );
  let after: string[] | null = null;
  for (;;) {
    const past: SQL = after
      ? sql`and (${sql.join(keyColumns, sql`, `)}) > (${sql.join(
          after.map((value, i) => sql`cast(${value} as ${sql.raw(sqlTypeOf(entry, entry.key[i]!))})`),
          sql`, `,
        )})`
      : sql``;
    const rows = await rawRows<Record<string, string>>(
      db,
      sql`select json_build_object(${object})::text as line, ${keyTexts}
          from ${ident(tableName(entry))}
          where ${scopeOf(entry, businessId)} ${past}
          order by ${sql.join(keyColumns, sql`, `)}
          limit ${pageRows}`,
    );
    if (rows.length > 0) yield rows.map((row) => row.line!);
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1]!;
    after = entry.key.map((_, i) => last[`k${i}`]!);
  }
}

/**
 * Deletes every row of the business, table by table in reverse order (children first, the business last),
 * then counts again: a table still holding a row of it fails the transaction, so nothing is half deleted.
 */
export async function deleteTenantRows(tx: Transaction, businessId: string): Promise<void> {
  for (const entry of [...TENANT_TABLES].reverse())
    await tx.execute(sql`delete from ${ident(tableName(entry))} where ${scopeOf(entry, businessId)}`);
  const left = [...(await countTenantRows(tx, businessId))].filter(([, n]) => n > 0);
  if (left.length > 0)
    throw new Error(
      `Deleting a business left rows behind: ${left.map(([name, n]) => `${name} (${n})`).join(", ")}`,
    );
}
