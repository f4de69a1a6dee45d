import { type SQL, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Executor } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";

/** The rows a counter table counts (by status and start) and that table: calls in call_counts, bookings in booking_counts. */
const COUNTED: Record<"calls" | "bookings", { rows: SQL; start: SQL; counters: SQL }> = {
  calls: { rows: sql`calls`, start: sql`started_at`, counters: sql`call_counts` },
  bookings: { rows: sql`bookings`, start: sql`start_time`, counters: sql`booking_counts` },
};

/**
 * The invariant every write must keep: per business, status ('' for all), level and bucket, the counter table
 * holds exactly how many of its rows started in that bucket (a counter left at zero counts as absent).
 * Returns how many counters the business has.
 */
export async function expectTrueCounts(
  db: Executor,
  businessId: string,
  counted: keyof typeof COUNTED = "calls",
): Promise<number> {
  const { rows, start, counters } = COUNTED[counted];
  const [row] = await rawRows<{ counters: number; wrong: number }>(
    db,
    sql`with truth as (
        select k.status, l.level, floor(extract(epoch from r.${start}) / l.width)::bigint as bucket,
          count(*)::int as n
        from ${rows} r
        cross join lateral (values (r.status), ('')) as k(status)
        cross join call_count_levels() as l
        where r.business_id = ${businessId}::uuid
        group by 1, 2, 3
      ),
      kept as (
        select status, level, bucket, n from ${counters} where business_id = ${businessId}::uuid and n <> 0
      )
      select (select count(*)::int from kept) as counters,
        (select count(*)::int from truth t full join kept k using (status, level, bucket)
          where t.n is distinct from k.n) as wrong`,
  );
  expect(row).toMatchObject({ wrong: 0 });
  return row!.counters;
}

/** A page read through the counters is the plain SQL's page: the same total, the same rows in the same order. */
export function expectSamePage(
  got: { total: number; data: { _id: string }[] },
  want: { total: number; ids: string[] },
  context: string,
) {
  expect(got.total, context).toBe(want.total);
  expect(
    got.data.map((row) => row._id),
    context,
  ).toEqual(want.ids);
}
