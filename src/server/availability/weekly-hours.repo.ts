import { WEEKDAYS, type WeeklySchedule } from "@shared/availability.schema";
import { clockTimeOfMinutes, minutesOfClockTime } from "@shared/clock-time";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../db/database";
import { type WeeklyHoursRow, weeklyHours } from "../db/schema/availability.schema";
import { businesses } from "../db/schema/businesses.schema";

/** The business's opening hours, every weekday present, ranges in order. */
export async function readWeeklySchedule(db: Executor, businessId: string): Promise<WeeklySchedule> {
  const rows = await db
    .select()
    .from(weeklyHours)
    .where(eq(weeklyHours.businessId, businessId))
    .orderBy(asc(weeklyHours.weekday), asc(weeklyHours.startMinute));
  return weeklyScheduleOfRows(rows);
}

/** A week of weekly_hours rows, in order of weekday and start, as the schedule. */
export function weeklyScheduleOfRows(
  rows: readonly Pick<WeeklyHoursRow, "weekday" | "startMinute" | "endMinute">[],
): WeeklySchedule {
  const schedule = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WeeklySchedule;
  for (const row of rows)
    schedule[WEEKDAYS[row.weekday]!].push({
      start: clockTimeOfMinutes(row.startMinute),
      end: clockTimeOfMinutes(row.endMinute),
    });
  return schedule;
}

/**
 * Replaces the whole week; run it inside the transaction of whatever else the same save changes. Concurrent
 * saves take turns on the business's row, so neither inserts beside rows the other has not yet deleted.
 */
export async function replaceWeeklySchedule(
  db: Executor,
  businessId: string,
  schedule: WeeklySchedule,
): Promise<void> {
  await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
  await db.delete(weeklyHours).where(eq(weeklyHours.businessId, businessId));
  const rows = WEEKDAYS.flatMap((day, weekday) =>
    schedule[day].map((range) => ({
      businessId,
      weekday,
      startMinute: minutesOfClockTime(range.start) ?? 0,
      endMinute: minutesOfClockTime(range.end, { end: true }) ?? 0,
    })),
  );
  if (rows.length > 0) await db.insert(weeklyHours).values(rows);
}
