import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../src/server/auth/accounts";
import { listCalls } from "../../src/server/calls/calls.repo";
import { type BulkCall, insertCallsBulk, purgeCalls } from "../../src/server/calls/calls-write.repo";
import { rawRows } from "../../src/server/db/raw-rows";
import { CALL_STATUSES, type CallStatus } from "../../src/shared/calls.schema";
import { seededRandom } from "../support/seeded-random";
import { bulkCall } from "../support/server-calls";
import { openTestDatabase, type TestDatabase } from "../support/server-database";
import { expectSamePage, expectTrueCounts } from "../support/true-counts";

// The counters behind every list and total, against the plain SQL they stand in for (count(*), OFFSET),
// over a history whose calls cluster and spread across years, bucket edges and the clock changes.

let database: TestDatabase;
let businessId: string;
const db = () => database.handle.db;

const random = seededRandom(42);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const HOUR = 3_600_000;
const START = Date.UTC(2020, 0, 1);
const SPAN = 6 * 365 * 24 * HOUR;
/** Instants that sit on or next to bucket edges of every level, besides arbitrary ones. */
function randomInstant(): number {
  const base = START + Math.floor(random() * SPAN);
  switch (Math.floor(random() * 4)) {
    case 0:
      return base - (base % HOUR);
    case 1:
      return base - (base % (24 * HOUR)) - 1;
    case 2:
      return base - (base % (16 * 24 * HOUR));
    default:
      return base;
  }
}

const call = (externalId: string, startedAt: number, status: CallStatus) =>
  bulkCall({ externalId, startedAt: new Date(startedAt), status, durationSeconds: 30 });

async function expected(
  status: CallStatus | null,
  from: Date | null,
  to: Date | null,
  page: number,
  limit: number,
) {
  const where = sql`business_id = ${businessId}::uuid
    and (${status}::text is null or status = ${status}::text)
    and (${from?.toISOString() ?? null}::timestamptz is null or started_at >= ${from?.toISOString() ?? null}::timestamptz)
    and (${to?.toISOString() ?? null}::timestamptz is null or started_at < ${to?.toISOString() ?? null}::timestamptz)`;
  const [{ total }] = (await rawRows<{ total: number }>(
    db(),
    sql`select count(*)::int as total from calls where ${where}`,
  )) as [{ total: number }];
  const ids = await rawRows<{ id: string }>(
    db(),
    sql`select id from calls where ${where} order by started_at desc, id desc
      offset ${(page - 1) * limit} limit ${limit}`,
  );
  return { total, ids: ids.map((row) => row.id) };
}

beforeAll(async () => {
  database = await openTestDatabase();
  businessId = (
    await createAccount(db(), `counts-${Date.now()}@example.com`, "counts password 1", new Date())
  ).businessId;
  // Clusters (a busy day, a busy hour, ties at one instant) among calls spread over six years.
  const calls: BulkCall[] = [];
  for (let i = 0; i < 1500; i++) calls.push(call(`spread-${i}`, randomInstant(), pick(CALL_STATUSES)));
  const busyDay = Date.UTC(2023, 2, 26);
  for (let i = 0; i < 400; i++)
    calls.push(call(`day-${i}`, busyDay + Math.floor(random() * 24 * HOUR), pick(CALL_STATUSES)));
  for (let i = 0; i < 30; i++) calls.push(call(`tie-${i}`, busyDay + 5 * HOUR, pick(CALL_STATUSES)));
  // Half in one load, the rest in several, out of time order.
  await insertCallsBulk(db(), businessId, calls.slice(0, 900), new Date());
  for (let start = 900; start < calls.length; start += 250)
    await insertCallsBulk(db(), businessId, calls.slice(start, start + 250).reverse(), new Date());
}, 120_000);
afterAll(() => database?.drop());

describe("call counters", () => {
  it("are exact after bulk loads in any order", async () => {
    await expectTrueCounts(db(), businessId);
  });

  it("give the same totals and pages as count(*) and OFFSET, for any filter, range and depth", async () => {
    for (let round = 0; round < 150; round++) {
      const status = random() < 0.4 ? null : pick(CALL_STATUSES);
      const a = random() < 0.25 ? null : randomInstant();
      const b = random() < 0.25 ? null : randomInstant();
      const [from, to] = a !== null && b !== null && a > b ? [b, a] : [a, b];
      const range = { from: from === null ? null : new Date(from), to: to === null ? null : new Date(to) };
      const limit = pick([1, 7, 10, 100]);
      const { total } = await expected(status, range.from, range.to, 1, 1);
      const pages = Math.max(1, Math.ceil(total / limit));
      const page = pick([1, pages, Math.ceil(pages / 2), 1 + Math.floor(random() * (pages + 1))]);
      const want = await expected(status, range.from, range.to, page, limit);
      const got = await listCalls(db(), businessId, { status, range, page, limit });
      expectSamePage(got, want, JSON.stringify({ status, range, page, limit }));
    }
  });

  it("are found by their keys when a purge drops the emptied ones, not by reading the whole table", async () => {
    // The cumulative statistics count each read of the table; a purge statement holds PGlite's one connection,
    // so a read of every tenant's counters on each batch stalled every request behind it.
    const reads = async () => {
      await db().execute(sql`select pg_stat_force_next_flush()`);
      const [row] = await rawRows<{ seq: number; idx: number }>(
        db(),
        sql`select seq_scan::int as seq, idx_scan::int as idx from pg_stat_user_tables
          where relname = 'call_counts'`,
      );
      return row!;
    };
    // Another business's long history in the table, and the statistics autovacuum keeps on PostgreSQL: the
    // planner read the whole table on such a one (on a small one a full read is the cheap choice).
    const other = await createAccount(
      db(),
      `history-${Date.now()}@example.com`,
      "counts password 1",
      new Date(),
    );
    await db().execute(sql`insert into call_counts (business_id, status, level, bucket, n)
      select ${other.businessId}::uuid, s.status, 1, b.bucket, 1
      from unnest(array['', 'completed']) s(status), generate_series(400000, 420000) b(bucket)`);
    await db().execute(sql`analyze call_counts`);
    const before = await reads();
    expect(await purgeCalls(db(), businessId, new Date(START + SPAN / 4), 10)).toBe(10);
    const after = await reads();
    expect(after.seq).toBe(before.seq);
    expect(after.idx).toBeGreaterThan(before.idx);
    await expectTrueCounts(db(), businessId);
  });

  it("follow status changes, moves in time and deletions, and purge from the oldest", async () => {
    const ids = await rawRows<{ id: string }>(
      db(),
      sql`select id from calls where business_id = ${businessId}::uuid order by id limit 200`,
    );
    // Derived data stays true whatever the statement: a bulk status change, a move by hours, a delete.
    await db().execute(sql`update calls set status = 'missed'
      where id in (select id from calls where business_id = ${businessId}::uuid order by id limit 100)`);
    await db().execute(sql`update calls set started_at = started_at - interval '37 hours'
      where id in (select id from calls where business_id = ${businessId}::uuid order by id desc limit 100)`);
    await db().execute(sql`delete from calls where id = ${ids[150]!.id}::uuid`);
    await expectTrueCounts(db(), businessId);
    // A counter emptied by a delete between what the first purge takes and what the second one starts from: no
    // purged call was in its hour, so it stays (at zero, counted as nothing).
    const times = (
      await rawRows<{ at: number }>(
        db(),
        sql`select extract(epoch from started_at)::float8 * 1000 as at from calls
          where business_id = ${businessId}::uuid order by started_at, id limit 400`,
      )
    ).map((row) => Math.floor(row.at / HOUR));
    const firstTake = times.findIndex((hour, i) => i >= 99 && times[i + 1]! > hour + 1) + 1;
    expect(firstTake).toBeGreaterThan(99);
    const between = new Date((times[firstTake - 1]! + 1) * HOUR);
    await insertCallsBulk(
      db(),
      businessId,
      [call("between-purges", between.getTime(), "completed")],
      new Date(),
    );
    await db().execute(sql`delete from calls where business_id = ${businessId}::uuid
      and started_at = ${between.toISOString()}::timestamptz`);

    const before = await expected(null, null, null, 1, 1);
    const cutoff = new Date(START + SPAN / 2);
    const older = await expected(null, null, cutoff, 1, 1);
    const [{ purgedStarts }] = (await rawRows<{ purgedStarts: string }>(
      db(),
      sql`select array_agg(started_at)::text as "purgedStarts" from calls
        where business_id = ${businessId}::uuid and started_at < ${cutoff.toISOString()}::timestamptz`,
    )) as [{ purgedStarts: string }];
    expect(await purgeCalls(db(), businessId, cutoff, firstTake)).toBe(firstTake);
    expect(await purgeCalls(db(), businessId, cutoff, 1_000_000)).toBe(older.total - firstTake);
    expect((await expected(null, null, null, 1, 1)).total).toBe(before.total - older.total);
    await expectTrueCounts(db(), businessId);
    const [{ zeros, kept }] = (await rawRows<{ zeros: number; kept: number }>(
      db(),
      sql`select count(*) filter (where c.n = 0)::int as zeros, count(*)::int as kept
        from call_counts c join call_count_levels() l using (level)
        where c.business_id = ${businessId}::uuid and exists (
          select 1 from unnest(${purgedStarts}::timestamptz[]) s(started_at)
          where floor(extract(epoch from s.started_at) / l.width) = c.bucket)`,
    )) as [{ zeros: number; kept: number }];
    // No emptied counter is left in a bucket a purged call was in, whatever status it counts, whether the purge
    // or an earlier move emptied it; the buckets it shares with calls kept keep their counters.
    expect(zeros).toBe(0);
    expect(kept).toBeGreaterThan(0);
    const page = await listCalls(db(), businessId, {
      status: null,
      range: { from: null, to: null },
      page: 1,
      limit: 5,
    });
    expect(page.total).toBe(before.total - older.total);
  });
});
