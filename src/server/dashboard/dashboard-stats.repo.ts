import { sql } from "drizzle-orm";
import { type BookingStats, calendarSyncedOf, newBookingsOf } from "../bookings/booking-stats.repo";
import { type CallStats, callStatsOf } from "../calls/call-stats.repo";
import type { Executor } from "../db/database";
import type { TimezoneMoved } from "../time/business-timezones";
import { readInZone } from "../time/zoned-read";

/** Everything the dashboard shows but the answer rate; `timezone` is the one `day` was read in. */
export type DashboardFigures = CallStats & BookingStats & { timezone: string };

/**
 * The dashboard's figures for `day` (the business's today in `timezone`), in one statement that also
 * confirms the timezone (see readInZone).
 */
export async function readDashboardFiguresInZone(
  db: Executor,
  businessId: string,
  timezone: string,
  day: { start: Date; end: Date },
  recentLimit: number,
): Promise<DashboardFigures | TimezoneMoved> {
  const answer = await readInZone<{ calls: CallStats } & BookingStats>(
    db,
    businessId,
    timezone,
    sql`json_build_object('calls', ${callStatsOf(businessId, day, recentLimit)},
      'newBookings', ${newBookingsOf(businessId, day)},
      'googleCalendarSynced', ${calendarSyncedOf(businessId, day)})`,
  );
  if ("currentTimezone" in answer) return answer;
  const { newBookings, googleCalendarSynced } = answer;
  return { ...answer.calls, newBookings, googleCalendarSynced, timezone };
}
