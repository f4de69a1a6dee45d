import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { openTestDatabase, type TestDatabase } from "../support/server-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

const sqlState = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;

describe("btree_gist, for the no-double-booking rule", () => {
  it("is created with the schema, and an exclusion constraint refuses an overlap with 23P01", async () => {
    const { db } = database.handle;
    const [extension] = await rawRows<{ name: string }>(
      db,
      sql`select extname as name from pg_extension where extname = 'btree_gist'`,
    );
    expect(extension?.name).toBe("btree_gist");

    await rawRows(
      db,
      sql`create table gist_probe (
        resource_id uuid not null,
        during tstzrange not null,
        exclude using gist (resource_id with =, during with &&)
      )`,
    );
    const chair = "6f1c2b0e-6a3d-4a8e-9a51-0c1d2e3f4a5b";
    const other = "0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d";
    const book = (resource: string, from: string, to: string) =>
      rawRows(db, sql`insert into gist_probe values (${resource}::uuid, tstzrange(${from}, ${to}))`);

    await book(chair, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z");
    // Touching ends do not overlap ([) ranges); another resource may take the same hour.
    await book(chair, "2026-03-02T11:00:00Z", "2026-03-02T12:00:00Z");
    await book(other, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z");

    const overlap = await book(chair, "2026-03-02T10:30:00Z", "2026-03-02T11:30:00Z").then(
      () => null,
      (error: unknown) => error,
    );
    expect(overlap, `the overlap was stored on ${database.driver}`).not.toBeNull();
    expect(sqlState(overlap)).toBe("23P01");
    const [{ count } = { count: -1 }] = await rawRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from gist_probe`,
    );
    expect(count).toBe(3);
  });
});
