import { type CalendarDate, daysInMonth, weekdayOfCalendarDate } from "@shared/calendar-date";
import { addCalendarDays } from "@shared/zoned-time";

/** A US federal holiday on the weekday it is observed (Saturday's on the Friday, Sunday's on the Monday). */
export type PublicHoliday = { date: CalendarDate; name: string };

const dateOf = (year: number, month: number, day: number): CalendarDate =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The `nth` (1-based) `weekday` of a month, or its last when `nth` is -1. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): CalendarDate {
  if (nth === -1) {
    const last = dateOf(year, month, daysInMonth(year, month));
    return addCalendarDays(last, -((weekdayOfCalendarDate(last) - weekday + 7) % 7));
  }
  const first = dateOf(year, month, 1);
  return addCalendarDays(first, ((weekday - weekdayOfCalendarDate(first) + 7) % 7) + 7 * (nth - 1));
}

function observed(date: CalendarDate): CalendarDate {
  const weekday = weekdayOfCalendarDate(date);
  return weekday === 6 ? addCalendarDays(date, -1) : weekday === 0 ? addCalendarDays(date, 1) : date;
}

/** The year's federal holidays (5 U.S.C. 6103), in date order. */
export function usPublicHolidays(year: number): PublicHoliday[] {
  return [
    { date: observed(dateOf(year, 1, 1)), name: "New Year's Day" },
    { date: nthWeekday(year, 1, 1, 3), name: "Martin Luther King Jr. Day" },
    { date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { date: nthWeekday(year, 5, 1, -1), name: "Memorial Day" },
    { date: observed(dateOf(year, 6, 19)), name: "Juneteenth" },
    { date: observed(dateOf(year, 7, 4)), name: "Independence Day" },
    { date: nthWeekday(year, 9, 1, 1), name: "Labor Day" },
    { date: nthWeekday(year, 10, 1, 2), name: "Columbus Day" },
    { date: observed(dateOf(year, 11, 11)), name: "Veterans Day" },
    { date: nthWeekday(year, 11, 4, 4), name: "Thanksgiving Day" },
    { date: observed(dateOf(year, 12, 25)), name: "Christmas Day" },
  ];
}

/** The first holiday observed on or after `date`. */
export function nextUsPublicHoliday(date: CalendarDate): PublicHoliday {
  const year = Number(date.slice(0, 4));
  return [...usPublicHolidays(year), ...usPublicHolidays(year + 1)].find((holiday) => holiday.date >= date)!;
}
