import type { CalendarDate } from "@shared/calendar-date";
import { calendarDateAt, startOfCalendarDate, wallTimeAt } from "@shared/zoned-time";
import { addDays, daysOfWeek, mondayOf } from "../../../lib/calendar-week";

/**
 * The calendar's days and where a booking sits in them, in the business's timezone. A day is the real
 * stretch between two local midnights (23 or 25 hours on the nights the clocks change), so a booking is
 * put on the day and at the time its own instants show there, never at device time.
 */

export type CalendarSpan = "week" | "month";

/** The Monday-first weeks of the month `date` is in, each seven days, padded with the neighbouring months. */
export function monthWeeks(date: CalendarDate): CalendarDate[][] {
  const month = date.slice(0, 7);
  const weeks: CalendarDate[][] = [];
  for (let monday = mondayOf(`${month}-01`); monday.slice(0, 7) <= month; monday = addDays(monday, 7)) {
    weeks.push(daysOfWeek(monday));
  }
  return weeks;
}

/** The days shown for `span` around `date`: one week, or the month's whole weeks. */
export function shownDays(span: CalendarSpan, date: CalendarDate): CalendarDate[] {
  return span === "week" ? daysOfWeek(mondayOf(date)) : monthWeeks(date).flat();
}

/** The date one step (a week or a month) from `date`; a month step keeps the day where the month has it. */
export function stepDate(span: CalendarSpan, date: CalendarDate, steps: number): CalendarDate {
  if (span === "week") return addDays(date, 7 * steps);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + steps;
  const [nextYear, nextMonth] = [Math.floor(index / 12), (index % 12) + 1];
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  return `${String(nextYear).padStart(4, "0")}-${String(nextMonth).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** A booking's times as the calendar needs them (ISO instants). */
export type Timed = { startTime: string; endTime: string };

/** One booking's piece on one day: minutes after that day's local midnight as its clocks show them. */
export type DayPlacement<T> = { item: T; startMinute: number; endMinute: number };

const MINUTES_PER_DAY = 24 * 60;

/** What the clocks show at `instant`, in minutes after midnight. */
const wallMinutes = (instant: Date, timeZone: string) => {
  const wall = wallTimeAt(instant, timeZone);
  return wall.hour * 60 + wall.minute + wall.second / 60;
};

/**
 * Each booking's part of `day` in `timeZone`, by its real instants: a booking over midnight shows on both
 * days, clipped. Positions are the wall-clock minutes of the clipped start and end, so 09:00 sits at the
 * 09:00 line on any day; within the hour a fall-back night repeats, the real length keeps it visible.
 */
export function placeOnDay<T extends Timed>(
  items: readonly T[],
  day: CalendarDate,
  timeZone: string,
): DayPlacement<T>[] {
  const dayStart = startOfCalendarDate(day, timeZone).getTime();
  const dayEnd = startOfCalendarDate(addDays(day, 1), timeZone).getTime();
  const placed: DayPlacement<T>[] = [];
  for (const item of items) {
    const [realStart, realEnd] = [Date.parse(item.startTime), Date.parse(item.endTime)];
    // A zero-length booking still belongs to the day it starts on.
    const overlaps =
      realStart < dayEnd && (realEnd > dayStart || (realEnd === realStart && realStart >= dayStart));
    if (!overlaps) continue;
    const start = Math.max(realStart, dayStart);
    const end = Math.max(start, Math.min(realEnd, dayEnd));
    const startMinute = start === dayStart ? 0 : wallMinutes(new Date(start), timeZone);
    const wallEnd = end === dayEnd ? MINUTES_PER_DAY : wallMinutes(new Date(end), timeZone);
    const realMinutes = (end - start) / 60_000;
    const endMinute = wallEnd > startMinute ? wallEnd : Math.min(MINUTES_PER_DAY, startMinute + realMinutes);
    placed.push({ item, startMinute, endMinute });
  }
  return placed.sort((a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute);
}

/** The bookings that start on each day, soonest first, keyed by their local date. */
export function byStartDay<T extends Timed>(items: readonly T[], timeZone: string): Map<CalendarDate, T[]> {
  const days = new Map<CalendarDate, T[]>();
  const sorted = [...items].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  for (const item of sorted) {
    const day = calendarDateAt(new Date(item.startTime), timeZone);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return days;
}

/** Side-by-side lanes for overlapping pieces (cancelled bookings can share a time with a live one). */
export function laneOf<T>(placements: readonly DayPlacement<T>[]): { lane: number; lanes: number }[] {
  const lanes: number[] = [];
  const result: { lane: number; lanes: number }[] = [];
  let group: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    const count = Math.max(1, ...group.map((index) => result[index]!.lane + 1));
    for (const index of group) result[index]!.lanes = count;
    group = [];
    lanes.length = 0;
  };
  placements.forEach((placement, index) => {
    if (placement.startMinute >= groupEnd) closeGroup();
    let lane = lanes.findIndex((end) => end <= placement.startMinute);
    if (lane === -1) lane = lanes.length;
    lanes[lane] = placement.endMinute;
    result[index] = { lane, lanes: 1 };
    group.push(index);
    groupEnd = Math.max(groupEnd, placement.endMinute);
  });
  closeGroup();
  return result;
}

/** The hours the week grid shows: at least 08–18, widened to every booking it places. */
export function visibleHours(placements: readonly DayPlacement<unknown>[]): { first: number; last: number } {
  let first = 8;
  let last = 18;
  for (const { startMinute, endMinute } of placements) {
    first = Math.min(first, Math.floor(startMinute / 60));
    last = Math.max(last, Math.ceil(endMinute / 60));
  }
  return { first, last: Math.min(24, Math.max(last, first + 1)) };
}
