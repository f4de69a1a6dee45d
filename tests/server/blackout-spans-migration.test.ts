import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { asc, sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, postgresDatabase } from "../../src/server/db/open-database";
import { rawRows } from "../../src/server/db/raw-rows";
import { blackoutDates } from "../../src/server/db/schema/availability.schema";
import { createPostgresDatabase } from "../support/server-database";

// Migration 0022 turned a blackout into one span. A row of several days with minutes, written before it,
// meant "those minutes on each day": the migration splits it into one row per day so that it still closes
// exactly what it closed. Checked on a database migrated only up to 0021, holding such rows, then migrated on.

const MIGRATIONS = fileURLToPath(new URL("../../src/server/db/migrations", import.meta.url));
const LAST_BEFORE = "0021_batch_missed_stats_totals";

/** A copy of the migration history that ends at `LAST_BEFORE`. */
function historyUpTo(dir: string): string {
  const folder = join(dir, "migrations");
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === LAST_BEFORE);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** What handle.migrate() creates before the history (open-database.ts). */
const createExtensions = (database: DatabaseHandle) =>
  rawRows(database.db, sql`create extension if not exists btree_gist`);

let dir: string;
let handle: DatabaseHandle;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "calldesk-0022-"));
  const folder = historyUpTo(dir);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const database = await createPostgresDatabase(adminUrl);
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    handle = postgresDatabase(pool);
    dropDatabase = async () => {
      await handle.close();
      await database.drop();
    };
    await createExtensions(handle);
    await migratePostgres(drizzlePostgres({ client: pool }), { migrationsFolder: folder });
  } else {
    const pglite = await openPglite();
    handle = pglite;
    dropDatabase = () => pglite.close();
    await createExtensions(handle);
    await migratePglite(drizzlePglite({ client: pglite.client }), { migrationsFolder: folder });
  }
});

afterAll(async () => {
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

describe("migration 0022 (blackout spans)", () => {
  it("splits a legacy row of several days with minutes into one row a day, and leaves the others alone", async () => {
    const { db } = handle;
    // Raw SQL: the repository writes the businesses table as it stands after every later migration.
    const [business] = await rawRows<{ id: string }>(
      db,
      sql`insert into businesses (name) values ('Salon') returning id`,
    );
    if (!business) throw new Error("no business inserted");
    const legacy = (values: Partial<typeof blackoutDates.$inferInsert>) =>
      db
        .insert(blackoutDates)
        .values({ businessId: business.id, startDate: "2026-03-04", endDate: "2026-03-04", ...values })
        .returning({ id: blackoutDates.id })
        .then(([row]) => row!.id);
    const afternoons = await legacy({
      startDate: "2026-03-04",
      endDate: "2026-03-06",
      startMinute: 13 * 60,
      endMinute: 1440,
      reason: "Training",
    });
    const wholeDays = await legacy({ startDate: "2026-12-24", endDate: "2026-12-26" });
    const oneDay = await legacy({
      startDate: "2026-05-01",
      endDate: "2026-05-01",
      startMinute: 540,
      endMinute: 600,
    });

    await handle.migrate();

    const rows = await db
      .select({
        id: blackoutDates.id,
        startDate: blackoutDates.startDate,
        endDate: blackoutDates.endDate,
        startMinute: blackoutDates.startMinute,
        endMinute: blackoutDates.endMinute,
        reason: blackoutDates.reason,
      })
      .from(blackoutDates)
      .orderBy(asc(blackoutDates.startDate));
    const day = (date: string) => ({
      startDate: date,
      endDate: date,
      startMinute: 780,
      endMinute: 1440,
      reason: "Training",
    });
    expect(rows).toEqual([
      { id: afternoons, ...day("2026-03-04") },
      { id: expect.any(String), ...day("2026-03-05") },
      { id: expect.any(String), ...day("2026-03-06") },
      {
        id: oneDay,
        startDate: "2026-05-01",
        endDate: "2026-05-01",
        startMinute: 540,
        endMinute: 600,
        reason: null,
      },
      {
        id: wholeDays,
        startDate: "2026-12-24",
        endDate: "2026-12-26",
        startMinute: null,
        endMinute: null,
        reason: null,
      },
    ]);

    // The new checks: each end alone, and on one day the end after the start.
    await legacy({ startDate: "2026-03-06", endDate: "2026-03-09", startMinute: 840, endMinute: 600 });
    await legacy({ startDate: "2026-03-07", endDate: "2026-03-07", startMinute: 840, endMinute: null });
    await expect(legacy({ startMinute: 600, endMinute: 600 })).rejects.toThrow();
    await expect(legacy({ startDate: "2026-03-04", endDate: "2026-03-05", endMinute: 0 })).rejects.toThrow();
    await expect(legacy({ startMinute: 1440 })).rejects.toThrow();
  });
});
