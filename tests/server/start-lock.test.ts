import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, postgresDatabase } from "../../src/server/db/open-database";
import { createPostgresDatabase } from "../support/server-database";

// The start lock (DatabaseHandle.exclusiveStart) on PostgreSQL: a second instance's start waits for the
// first's, and a failed start frees it (the lock's connection is discarded, its session ends).

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("the start lock (needs TEST_DATABASE_URL)", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  const open = () => postgresDatabase(new pg.Pool({ connectionString: database.url, max: 2 }));
  /** Sessions waiting for, and holding, the start lock. */
  const startLocks = async () => {
    const { rows } = await first.db.$client.query(
      "select count(*) filter (where not granted)::int as waiting, count(*) filter (where granted)::int as held from pg_locks where locktype = 'advisory' and classid = 7302 and objsubid = 2",
      [],
    );
    return rows[0];
  };

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl!);
    first = open();
    second = open();
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await database?.drop();
  });

  it("runs a second start's steps only after the first's have ended, even when they failed", async () => {
    const order: string[] = [];
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let fail!: (error: Error) => void;
    const failing = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const firstStart = first.exclusiveStart(async () => {
      order.push("first");
      entered();
      await failing;
    });
    await inside;
    const secondStart = second.exclusiveStart(async () => {
      order.push("second");
    });
    await expect.poll(startLocks).toEqual({ waiting: 1, held: 1 });
    expect(order).toEqual(["first"]);

    fail(new Error("a migration failed"));
    await expect(firstStart).rejects.toThrow("a migration failed");
    await secondStart;
    expect(order).toEqual(["first", "second"]);
    // A discarded connection's session ends a moment after the start returns (its socket closes, then the
    // server process exits): the lock is free soon, not at once.
    await expect.poll(startLocks).toEqual({ waiting: 0, held: 0 });
  });
});
