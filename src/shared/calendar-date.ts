/** A calendar date as `YYYY-MM-DD`. */
export type CalendarDate = string;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days in a month of the proleptic Gregorian calendar; `month` is 1–12. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The one check that a text is a day that exists, written YYYY-MM-DD (2026-02-30 is not): the client's
 * date filters and the server's ISO 8601 parsing both ask it.
 */
export function isCalendarDate(value: unknown): value is CalendarDate {
  const m = typeof value === "string" ? CALENDAR_DATE.exec(value) : null;
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The day of the week of `date`, 0 = Sunday … 6 = Saturday (spec 9's day values). */
export function weekdayOfCalendarDate(date: CalendarDate): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}
