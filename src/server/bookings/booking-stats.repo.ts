import { type SQL, sql } from "drizzle-orm";

export type BookingStats = { newBookings: number; googleCalendarSynced: number };

/**
 * Bookings made in [start, end), whatever became of them since: an expression for the dashboard's one
 * statement (dashboard-stats.repo.ts).
 */
export const newBookingsOf = (businessId: string, day: { start: Date; end: Date }): SQL =>
  sql`(select count(*)::int from bookings
    where business_id = ${businessId}::uuid and created_at >= ${day.start.toISOString()}::timestamptz
      and created_at < ${day.end.toISOString()}::timestamptz)`;

/**
 * Of the bookings made in [start, end), those whose event is really in the connected Google Calendar: a
 * calendar_events row (written once Google took the event, deleted with it) not deleted by the owner.
 */
export const calendarSyncedOf = (businessId: string, day: { start: Date; end: Date }): SQL =>
  sql`(select count(*)::int from bookings b join calendar_events ce on ce.booking_id = b.id
    where b.business_id = ${businessId}::uuid and b.created_at >= ${day.start.toISOString()}::timestamptz
      and b.created_at < ${day.end.toISOString()}::timestamptz and ce.deleted_in_google_at is null)`;
