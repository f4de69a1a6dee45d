import { type SQL, sql } from "drizzle-orm";

export type BookingStats = { newBookings: number; googleCalendarSynced: number };

/**
 * Bookings made in [start, end), whatever became of them since: an expression for the dashboard's one
 * statement (dashboard-stats.repo.ts). How many of them reached the online calendar is none until the
 * integrations issue (roadmap item 4) brings calendar sync (docs/spec-notes.md).
 */
export const newBookingsOf = (businessId: string, day: { start: Date; end: Date }): SQL =>
  sql`(select count(*)::int from bookings
    where business_id = ${businessId}::uuid and created_at >= ${day.start.toISOString()}::timestamptz
      and created_at < ${day.end.toISOString()}::timestamptz)`;
