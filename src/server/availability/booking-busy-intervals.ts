import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { createBoundedMap } from "../bounded-map";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { isTenantReadCurrent, tenantReadMark } from "../db/tenant-read-cache";
import type { BusyIntervalSource } from "./busy-intervals";
import type { BusyInterval } from "./slot-engine";

/** An instant as PostgreSQL reads it; past year 9999 (a window asked about the last days of 9999) it has none. */
const bound = (instant: Date) => (instant.getUTCFullYear() > 9999 ? "infinity" : instant.toISOString());

type Window = { start: Date; end: Date };

/** The holding bookings' occupied intervals around a window, as one statement reads them. */
async function readBusy(db: Executor, businessId: string, window: Window, ignoreBookingId?: string) {
  // One text value, not a row per booking: a month of a busy diary is thousands of rows, and each row
  // costs the embedded database far more to hand over than its two numbers cost to print.
  const [row] = await rawRows<{ bounds: string | null }>(
    db,
    sql`select string_agg((extract(epoch from occupied_start) * 1000)::int8 || ','
        || (extract(epoch from occupied_end) * 1000)::int8, ',') as bounds
      from bookings
      where business_id = ${businessId}::uuid
        and status <> 'cancelled'
        and tstzrange(occupied_start, occupied_end) && tstzrange(${bound(window.start)}::timestamptz,
          ${bound(window.end)}::timestamptz)
        ${ignoreBookingId ? sql`and id <> ${ignoreBookingId}::uuid` : sql``}`,
  );
  const bounds = row?.bounds ? row.bounds.split(",").map(Number) : [];
  const intervals: BusyInterval[] = [];
  for (let i = 0; i < bounds.length; i += 2)
    intervals.push({ start: new Date(bounds[i]!), end: new Date(bounds[i + 1]!) });
  return intervals;
}

/** What one business's last read found, kept until its bookings change. */
type Kept = { client: object; mark: number; window: Window; intervals: BusyInterval[] };

const covers = (outer: Window, inner: Window) =>
  outer.start.getTime() <= inner.start.getTime() && outer.end.getTime() >= inner.end.getTime();

/**
 * The time the business's bookings hold (every status but cancelled, buffers included) around a window. The
 * predicate repeats the exclusion constraint's, so the statement reads that constraint's gist index.
 *
 * On the embedded database each business's last read is kept until its bookings change (tenantChanged: every
 * bookings write reports one; calls, settings and the catalogue are no input): the assistant asks for the same month again and again between bookings, and a
 * month of a busy diary is the slots request's largest cost. Exact, not a time to live: a read that began
 * before a write finished is never taken for current. With DATABASE_URL other instances write too, so every
 * request reads; a booking being moved (ignoreBookingId) reads as well.
 */
export function bookingBusyIntervals(db: Executor): BusyIntervalSource {
  const kept = createBoundedMap<string, Kept>(1_000);
  const client = "$client" in db && db.$client instanceof PGlite ? db.$client : null;
  return async (businessId, window, options) => {
    if (!client || options?.ignoreBookingId)
      return readBusy(db, businessId, window, options?.ignoreBookingId);
    const last = kept.get(businessId);
    if (
      last?.client === client &&
      isTenantReadCurrent(businessId, last.mark, ["bookings"]) &&
      covers(last.window, window)
    ) {
      const [start, end] = [window.start.getTime(), window.end.getTime()];
      // The same days asked again (the usual case): what was read is the answer as it is.
      if (last.window.start.getTime() === start && last.window.end.getTime() === end) return last.intervals;
      return last.intervals.filter(
        (interval) => interval.end.getTime() > start && interval.start.getTime() < end,
      );
    }
    const mark = tenantReadMark();
    const intervals = await readBusy(db, businessId, window);
    kept.set(businessId, { client, mark, window, intervals });
    return intervals;
  };
}
