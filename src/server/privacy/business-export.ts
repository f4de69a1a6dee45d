import { findBusiness } from "../company/businesses.repo";
import type { Executor } from "../db/database";
import { AUDIO_EXTENSIONS } from "../recordings/audio-types";
import { storedCopyPages } from "../recordings/recording-copies.repo";
import type { RecordingStorage } from "../recordings/recording-storage";
import { csvLine, FORMULA_NOTE } from "./csv";
import { RECORDINGS_FOLDER, recordingEntries } from "./recording-entries";
import { tenantRowPages } from "./tenant-rows.repo";
import { exportedColumns, TENANT_TABLES, type TenantTable, tableName } from "./tenant-tables";
import type { ArchiveEntry } from "./zip-archive";

const jsonlPath = (entry: TenantTable) => `${tableName(entry)}.jsonl`;
const csvPath = (entry: TenantTable) => `${tableName(entry)}.csv`;

const RECORDINGS_INCLUDED = [
  `${RECORDINGS_FOLDER}CALL_ID.EXT: the call recordings CallDesk keeps, one file per call, after the tables.`,
  "  CALL_ID is the call's id (calls.jsonl id, recording_copies.jsonl call_id); EXT says its type",
  `  (recording_copies content_type: ${AUDIO_EXTENSIONS.join(", ")}; bin for any other).`,
  "  A recording deleted while the export ran (by the retention settings, or a caller's erasure) is left out.",
];
const RECORDINGS_LEFT_OUT = [
  `${RECORDINGS_FOLDER}: not in this export. Export again with the call recordings included to get them.`,
];

/**
 * The readme: what the archive is, then every file and every column, generated from the table list, and
 * whether the recordings are in it.
 */
export function exportReadme(
  businessName: string,
  at: Date,
  counts: ReadonlyMap<string, number>,
  withRecordings: boolean,
): string {
  const lines = [
    `All data of "${businessName}" held by CallDesk, exported ${at.toISOString()}.`,
    "",
    "Each table is written twice: NAME.jsonl (JSON Lines: one JSON object per row, UTF-8) and NAME.csv",
    "(RFC 4180: a header row, then one row per record; empty is null; JSON values are written as JSON text).",
    ...FORMULA_NOTE,
    "Times are ISO 8601 with their offset; prices are whole cents in the business's currency.",
    "Secrets (password, token and key hashes, Google's tokens, one-time codes) are never exported.",
    "Each table was read as it stood while the export ran.",
    "",
    "readme.txt: this file.",
    "",
    ...(withRecordings ? RECORDINGS_INCLUDED : RECORDINGS_LEFT_OUT),
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

/**
 * The archive's files: the readme, then each tenant table as JSON Lines and as CSV, read when reached; then,
 * from `recordings` when given, every recording copy the business is served, listed a page at a time. A
 * business deleted while its export ran (a last export, then Delete everything) fails the archive at its end:
 * the tables read after the deletion were empty, and such a zip must not end as if it were whole.
 */
export async function* businessExportEntries(
  db: Executor,
  businessId: string,
  readme: string,
  recordings: RecordingStorage | null,
): AsyncGenerator<ArchiveEntry> {
  yield {
    path: "readme.txt",
    content: async function* () {
      yield readme;
    },
  };
  for (const entry of TENANT_TABLES) {
    yield { path: jsonlPath(entry), content: () => jsonLines(db, entry, businessId) };
    yield { path: csvPath(entry), content: () => csvRows(db, entry, businessId) };
  }
  if (recordings) yield* recordingEntries(recordings, businessId, storedCopyPages(db, businessId));
  if (!(await findBusiness(db, businessId)))
    throw new Error(`Business ${businessId} was deleted during its export`);
}
