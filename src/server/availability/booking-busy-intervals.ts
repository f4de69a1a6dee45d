import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import type { BusyIntervalSource } from "./busy-intervals";

/** An instant as PostgreSQL reads it; past year 9999 (a window asked about the last days of 9999) it has none. */
const bound = (instant: Date) => (instant.getUTCFullYear() > 9999 ? "infinity" : instant.toISOString());

/**
 * The time the business's pending and confirmed bookings hold (their buffers included) around a window. The
 * predicate repeats the exclusion constraint's, so the statement reads that constraint's gist index.
 */
export function bookingBusyIntervals(db: Executor): BusyIntervalSource {
  return async (businessId, window, options) => {
    const rows = await rawRows<{ start: string; end: string }>(
      db,
      sql`select to_json(occupied_start)#>>'{}' as start, to_json(occupied_end)#>>'{}' as end
        from bookings
        where business_id = ${businessId}::uuid
          and status in ('pending', 'confirmed')
          and tstzrange(occupied_start, occupied_end) && tstzrange(${bound(window.start)}::timestamptz,
            ${bound(window.end)}::timestamptz)
          ${options?.ignoreBookingId ? sql`and id <> ${options.ignoreBookingId}::uuid` : sql``}`,
    );
    return rows.map((row) => ({ start: new Date(row.start), end: new Date(row.end) }));
  };
}
