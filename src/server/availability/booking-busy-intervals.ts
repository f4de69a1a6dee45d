import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
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

/**
 * The time the business's bookings hold (every status but cancelled, buffers included) around a window, read
 * afresh at every request on both databases. The predicate repeats the exclusion constraint's, so the statement
 * reads that constraint's gist index; a booking being moved (ignoreBookingId) does not stand in its own way.
 */
export const bookingBusyIntervals =
  (db: Executor): BusyIntervalSource =>
  (businessId, window, options) =>
    readBusy(db, businessId, window, options?.ignoreBookingId);
