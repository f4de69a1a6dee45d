import type { Executor } from "../db/database";

export type BookingStats = { newBookings: number; googleCalendarSynced: number };

/**
 * Bookings made in [start, end) and how many of them reached the online calendar. CallDesk has no bookings
 * yet: the bookings issue (roadmap item 3) brings their table and the integrations issue (item 4) calendar
 * sync, and each replaces its half of this body with a count over its own table. Until then, none.
 */
export async function readBookingStats(
  _db: Executor,
  _businessId: string,
  _day: { start: Date; end: Date },
): Promise<BookingStats> {
  return { newBookings: 0, googleCalendarSynced: 0 };
}
