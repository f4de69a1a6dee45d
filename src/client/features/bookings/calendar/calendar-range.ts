import type { CalendarDate } from "@shared/calendar-date";
import { addDays, daysOfWeek, mondayOf } from "../../../lib/calendar-week";

/**
 * What the calendar shows for a span and a day, in the business's calendar dates: the days whose bookings it
 * loads, the step of its previous/next buttons, and which FullCalendar view draws it. Weeks start on Monday
 * (FullCalendar is told firstDay 1, so its weeks and these agree).
 */

export type CalendarSpan = "day" | "week" | "month";
export const CALENDAR_SPANS: readonly CalendarSpan[] = ["day", "week", "month"];

/** The Monday-first weeks of the month `date` is in, each seven days, padded with the neighbouring months. */
export function monthWeeks(date: CalendarDate): CalendarDate[][] {
  const month = date.slice(0, 7);
  const weeks: CalendarDate[][] = [];
  for (let monday = mondayOf(`${month}-01`); monday.slice(0, 7) <= month; monday = addDays(monday, 7)) {
    weeks.push(daysOfWeek(monday));
  }
  return weeks;
}

/** The days shown for `span` around `date`: the day, its week, or its month's whole weeks. */
export function shownDays(span: CalendarSpan, date: CalendarDate): CalendarDate[] {
  if (span === "day") return [date];
  return span === "week" ? daysOfWeek(mondayOf(date)) : monthWeeks(date).flat();
}

/** The date one step (a day, a week or a month) from `date`; a month step keeps the day where the month has it. */
export function stepDate(span: CalendarSpan, date: CalendarDate, steps: number): CalendarDate {
  if (span === "day") return addDays(date, steps);
  if (span === "week") return addDays(date, 7 * steps);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + steps;
  const [nextYear, nextMonth] = [Math.floor(index / 12), (index % 12) + 1];
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  return `${String(nextYear).padStart(4, "0")}-${String(nextMonth).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** How a span is drawn: "list" is a week's or month's list of days, for phones. */
export type CalendarLook = CalendarSpan | "list";

/**
 * The FullCalendar view for a span. On a narrow screen seven columns of hours or of day cells do not fit
 * (chips of one letter, "+5 więce"): the week and the month become their list of days; a day keeps its hours.
 */
export function calendarViewOf(span: CalendarSpan, narrow: boolean): { view: string; look: CalendarLook } {
  if (span === "day") return { view: "timeGridDay", look: "day" };
  if (narrow) return { view: span === "week" ? "listWeek" : "listMonth", look: "list" };
  return span === "week" ? { view: "timeGridWeek", look: "week" } : { view: "dayGridMonth", look: "month" };
}
