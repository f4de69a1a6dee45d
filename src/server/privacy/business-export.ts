import type { Executor } from "../db/database";
import { csvLine } from "./csv";
import { tenantRowPages } from "./tenant-rows.repo";
import { exportedColumns, TENANT_TABLES, type TenantTable, tableName } from "./tenant-tables";
import type { ArchiveEntry } from "./zip-archive";

const jsonlPath = (entry: TenantTable) => `${tableName(entry)}.jsonl`;
const csvPath = (entry: TenantTable) => `${tableName(entry)}.csv`;

/** The readme: what the archive is, then every file and every column, generated from the table list. */
export function exportReadme(businessName: string, at: Date, counts: ReadonlyMap<string, number>): string {
  const lines = [
    `All data of "${businessName}" held by CallDesk, exported ${at.toISOString()}.`,
    "",
    "Each table is written twice: NAME.jsonl (JSON Lines: one JSON object per row, UTF-8) and NAME.csv",
    "(RFC 4180: a header row, then one row per record; empty is null; JSON values are written as JSON text).",
    "Times are ISO 8601 with their offset; prices are whole cents in the business's currency.",
    "Secrets (password, token and key hashes, Google's tokens, one-time codes) are never exported.",
    "Each table was read as it stood while the export ran.",
    "",
    "readme.txt: this file.",
  ];
  for (const entry of TENANT_TABLES) {
    const name = tableName(entry);
    lines.push(
      "",
      `${jsonlPath(entry)}, ${csvPath(entry)}: ${entry.about} ${counts.get(name) ?? 0} rows.`,
      ...exportedColumns(entry).map((column) => `  ${column.name} (${column.sqlType})`),
    );
  }
  return `${lines.join("\n")}\n`;
}

async function* jsonLines(db: Executor, entry: TenantTable, businessId: string) {
  for await (const page of tenantRowPages(db, entry, businessId)) yield `${page.join("\n")}\n`;
}

async function* csvRows(db: Executor, entry: TenantTable, businessId: string) {
  const columns = exportedColumns(entry).map((column) => column.name);
  yield csvLine(columns);
  for await (const page of tenantRowPages(db, entry, businessId)) {
    let chunk = "";
    for (const line of page) {
      const row: Record<string, unknown> = JSON.parse(line);
      chunk += csvLine(columns.map((column) => row[column]));
    }
    yield chunk;
  }
}

/** The archive's files: the readme, then each tenant table as JSON Lines and as CSV, read when reached. */
export function businessExportEntries(db: Executor, businessId: string, readme: string): ArchiveEntry[] {
  return [
    {
      path: "readme.txt",
      content: async function* () {
        yield readme;
      },
    },
    ...TENANT_TABLES.flatMap((entry) => [
      { path: jsonlPath(entry), content: () => jsonLines(db, entry, businessId) },
      { path: csvPath(entry), content: () => csvRows(db, entry, businessId) },
    ]),
  ];
}
