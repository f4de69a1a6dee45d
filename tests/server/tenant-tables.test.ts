import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { GLOBAL_TABLES, TENANT_TABLES, tableName } from "../../src/server/privacy/tenant-tables";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

describe("the list of a business's tables", () => {
  it("names every table of the migrated database, as a business's or as global", async () => {
    const tables = await rawRows<{ name: string }>(
      server.db,
      sql`select case when schemaname = 'public' then tablename else schemaname || '.' || tablename end as name
          from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const listed = [...TENANT_TABLES.map(tableName), ...GLOBAL_TABLES];
    expect(new Set(listed).size).toBe(listed.length);
    expect(tables.map((table) => table.name).sort()).toEqual([...listed].sort());
  });

  it("finds a table's rows by a column naming the business, reads them by a unique key, and names real secret columns", async () => {
    for (const entry of TENANT_TABLES) {
      const name = tableName(entry);
      const columns = await rawRows<{ column_name: string; data_type: string }>(
        server.db,
        sql`select column_name, data_type from information_schema.columns
            where table_schema = 'public' and table_name = ${name}`,
      );
      const byName = new Map(columns.map((column) => [column.column_name, column.data_type]));
      expect(byName.get(entry.scope), name).toBe("uuid");
      for (const column of [...entry.key, ...entry.secrets])
        expect(byName.has(column), `${name}.${column}`).toBe(true);
      // The scope and key together are a unique index's columns (in any order): a page boundary is exact.
      const unique = await rawRows<{ columns: string[] }>(
        server.db,
        sql`select array_agg(a.attname::text) as columns
            from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = ${name}::regclass and i.indisunique and i.indpred is null
            group by i.indexrelid`,
      );
      const keyed = new Set([entry.scope, ...entry.key]);
      expect(
        unique.some((index) => index.columns.every((column) => keyed.has(column))),
        `${name} (${[...keyed].join(", ")})`,
      ).toBe(true);
    }
  });

  it("has an index led by the column naming the business in every table, so the export and the deletion find a business's rows without a scan", async () => {
    const led = await rawRows<{ name: string; first: string }>(
      server.db,
      sql`select c.relname::text as name, a.attname::text as first
          from pg_index i
          join pg_class c on c.oid = i.indrelid
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
          where i.indpred is null`,
    );
    const missing = TENANT_TABLES.filter(
      (entry) => !led.some((index) => index.name === tableName(entry) && index.first === entry.scope),
    ).map((entry) => `${tableName(entry)}.${entry.scope}`);
    expect(missing).toEqual([]);
  });
});
