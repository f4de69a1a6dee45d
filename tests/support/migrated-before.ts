import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { openPglite, type PgliteHandle } from "../../src/server/db/open-database";
import { rawRows } from "../../src/server/db/raw-rows";

const migrations = new URL("../../src/server/db/migrations", import.meta.url).pathname;

/**
 * An embedded database migrated up to the migration tagged `tag` (not included), for a data migration's test:
 * give it the rows the old schema allowed, then `handle.migrate()` runs the rest. `close` removes it all.
 */
export async function migratedBefore(tag: string): Promise<{ handle: PgliteHandle; close(): Promise<void> }> {
  const before = mkdtempSync(join(tmpdir(), "calldesk-migrations-"));
  cpSync(migrations, before, { recursive: true });
  const journalFile = join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  if (index <= 0) throw new Error(`no migration tagged ${tag} after the first`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  const handle = await openPglite();
  await rawRows(handle.db, sql`create extension if not exists btree_gist`);
  await migrate(drizzle({ client: handle.client }), { migrationsFolder: before });
  return {
    handle,
    async close() {
      await handle.close();
      rmSync(before, { recursive: true, force: true });
    },
  };
}
