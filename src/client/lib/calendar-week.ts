import type { CalendarDate } from "@shared/calendar-date";

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

// Calendar arithmetic on UTC noon-free dates: no local clock change can shift a day.
const toUtc = (date: CalendarDate) => {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
};
const fromUtc = (date: Date): CalendarDate =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export const addDays = (date: CalendarDate, days: number): CalendarDate => {
  const next = toUtc(date);
  next.setUTCDate(next.getUTCDate() + days);
  return fromUtc(next);
};

/** The Monday of the week `date` is in. */
export const mondayOf = (date: CalendarDate): CalendarDate =>
  addDays(date, -((toUtc(date).getUTCDay() + 6) % 7));

/** The seven days from Monday. */
export const daysOfWeek = (monday: CalendarDate): CalendarDate[] =>
  Array.from({ length: 7 }, (_, index) => addDays(monday, index));

/** A formatter for calendar dates in `locale` (they name a day, not an instant: read in UTC). */
export const calendarDateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
  return (date: CalendarDate) => format.format(toUtc(date));
};

/** Day names of weekday keys 0 (Sunday) … 6 in `locale`: 2024-01-07 was a Sunday. */
export const weekdayName = (locale: string, weekday: number, style: "long" | "short" = "long") =>
  new Intl.DateTimeFormat(locale, { weekday: style, timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, 7 + weekday)),
  );
