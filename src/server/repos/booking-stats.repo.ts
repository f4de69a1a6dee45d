import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";

export type BookingStats = { newBookings: number; googleCalendarSynced: number };

/**
 * Bookings made in [start, end), whatever became of them since, and how many of them reached the online
 * calendar: none until the integrations issue (roadmap item 4) brings calendar sync (docs/spec-notes.md).
 */
export async function readBookingStats(
  db: Executor,
  businessId: string,
  day: { start: Date; end: Date },
): Promise<BookingStats> {
  const [row] = await rawRows<{ newBookings: number }>(
    db,
    sql`select count(*)::int as "newBookings" from bookings
      where business_id = ${businessId}::uuid and created_at >= ${day.start.toISOString()}::timestamptz
        and created_at < ${day.end.toISOString()}::timestamptz`,
  );
  return { newBookings: row!.newBookings, googleCalendarSynced: 0 };
}
