import { type TimeRange, WEEKDAYS, type WeeklySchedule } from "./availability.schema";
import { minutesOfClockTime } from "./clock-time";
import { COMPANY_DEFAULTS } from "./company-defaults";

/** The same hours on each of `days` (0 = Sunday), none on the others. */
export function weeklyScheduleOf(days: readonly number[], hours: TimeRange): WeeklySchedule {
  const schedule = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WeeklySchedule;
  for (const day of days) schedule[WEEKDAYS[day]!] = [{ ...hours }];
  return schedule;
}

/** Spec 9: a new company works 09:00–17:00, Monday to Friday. */
export const defaultWeeklySchedule = (): WeeklySchedule =>
  weeklyScheduleOf(COMPANY_DEFAULTS.workingDays, {
    start: COMPANY_DEFAULTS.workingHoursStart,
    end: COMPANY_DEFAULTS.workingHoursEnd,
  });

/**
 * The company's "working hours and days" (spec 3) as the weekly schedule implies them: the days with any
 * range, from the earliest opening to the latest closing; the spec's defaults when the week is empty.
 */
export function workingHoursOf(schedule: WeeklySchedule): {
  workingHours: TimeRange;
  workingDays: number[];
} {
  const ranges = WEEKDAYS.flatMap((day) => schedule[day]);
  const workingDays = WEEKDAYS.flatMap((day, index) => (schedule[day].length > 0 ? [index] : []));
  if (ranges.length === 0)
    return {
      workingHours: { start: COMPANY_DEFAULTS.workingHoursStart, end: COMPANY_DEFAULTS.workingHoursEnd },
      workingDays,
    };
  const byStart = (range: TimeRange) => minutesOfClockTime(range.start) ?? 0;
  const byEnd = (range: TimeRange) => minutesOfClockTime(range.end, { end: true }) ?? 0;
  const start = ranges.reduce((a, b) => (byStart(b) < byStart(a) ? b : a)).start;
  const end = ranges.reduce((a, b) => (byEnd(b) > byEnd(a) ? b : a)).end;
  return { workingHours: { start, end }, workingDays };
}
