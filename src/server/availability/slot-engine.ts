import {
  type AvailabilityRules,
  type BlackoutDate,
  type Slot,
  WEEKDAYS,
  type WeeklySchedule,
} from "@shared/availability.schema";
import { type CalendarDate, weekdayOfCalendarDate } from "@shared/calendar-date";
import { minutesOfClockTime } from "@shared/clock-time";
import {
  addCalendarDays,
  calendarDateAt,
  isoWithOffset,
  utcMilliseconds,
  type WallTime,
  type ZoneOffsets,
  zoneOffsetsBetween,
} from "@shared/zoned-time";

/**
 * The free times of one service, from the business's rules alone: no database, no clock of its own. The rules
 * (issue 8 §3; docs/spec-notes.md, "Availability API and free slots") decide; the loops below only make them fast: candidates are
 * made in time order and the busy intervals, sorted and merged once, are passed by one pointer.
 */

/** Time that is taken already: `[start, end)`, as occupied as it is (a booking's buffers included). */
export type BusyInterval = { start: Date; end: Date };

/** The service asked about, its buffers already resolved (its own, else the business's). */
export type SlotService = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
};

export type SlotRequest = {
  timeZone: string;
  /** Local days, both included. */
  from: CalendarDate;
  to: CalendarDate;
  now: Date;
  weeklySchedule: WeeklySchedule;
  blackoutDates: readonly Pick<BlackoutDate, "startDate" | "endDate" | "startTime" | "endTime">[];
  rules: Pick<AvailabilityRules, "minimumNoticeMinutes" | "bookingHorizonDays" | "slotStepMinutes">;
  service: SlotService;
  busy: readonly BusyInterval[];
  /** Stop at this many slots (the first ones in time order). */
  limit?: number;
};

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

type Interval = { start: number; end: number };

/** Busy time as disjoint intervals in time order (touching ones joined: the same set of instants). */
function mergedBusy(busy: readonly BusyInterval[]): Interval[] {
  const sorted = busy
    .map((interval) => ({ start: interval.start.getTime(), end: interval.end.getTime() }))
    .filter((interval) => interval.end > interval.start)
    .sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

const laterDate = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);
const earlierDate = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);

/** Midnight of `date` plus `minute` (1440 is the next midnight) as a wall time. */
function wallTimeOf(date: CalendarDate, minute: number): WallTime {
  const [year, month, day] = date.split("-").map(Number);
  return {
    year: year!,
    month: month!,
    day: day! + Math.floor(minute / 1440),
    hour: Math.floor((minute % 1440) / 60),
    minute: minute % 60,
    second: 0,
    millisecond: 0,
  };
}

/** A local time of `date` as an instant: see ZoneOffsets.firstInstantShowing for the nights clocks change. */
const instantOfMinute = (zone: ZoneOffsets, date: CalendarDate, minute: number) =>
  zone.firstInstantShowing(wallTimeOf(date, minute));

/** What is closed on `date`: everything (null), or these instants. */
function blackoutsOn(
  date: CalendarDate,
  blackouts: SlotRequest["blackoutDates"],
  zone: ZoneOffsets,
): Interval[] | null {
  const closed: Interval[] = [];
  for (const blackout of blackouts) {
    if (date < blackout.startDate || date > blackout.endDate) continue;
    // A span closes `date` from its start if it starts that day, else from midnight, to its end if it ends
    // that day, else to the next midnight.
    const from =
      date === blackout.startDate && blackout.startTime !== null
        ? (minutesOfClockTime(blackout.startTime) ?? 0)
        : 0;
    const to =
      date === blackout.endDate && blackout.endTime !== null
        ? (minutesOfClockTime(blackout.endTime, { end: true }) ?? 1440)
        : 1440;
    if (from === 0 && to === 1440) return null;
    closed.push({ start: instantOfMinute(zone, date, from), end: instantOfMinute(zone, date, to) });
  }
  return closed;
}

/** The slots offered for `request.service` on the days asked, in time order, with the business's offsets. */
export function offeredSlots(request: SlotRequest): Slot[] {
  const offered = offeredIntervals(request);
  if (!offered) return [];
  const { zone, intervals } = offered;
  return intervals.map((interval) => printedSlot(zone, interval));
}

/** A slot as the API prints it: ISO 8601 with the business's offset at each end. */
export const printedSlot = (zone: ZoneOffsets, { start, end }: Interval): Slot => ({
  start: isoWithOffset(start, zone.offsetAt(start)),
  end: isoWithOffset(end, zone.offsetAt(end)),
});

/**
 * Whether `start` (epoch milliseconds) begins one of the slots `request` offers: the same rule, nothing
 * printed, and only `start` looked at (notice and horizon cut the grid without moving it, so narrowing them
 * to `start` leaves that slot alone if it is one).
 */
export function offersStart(request: SlotRequest, start: number): boolean {
  const window = slotWindowOf(request);
  if (window.firstDay > window.lastDay || start < window.earliest || start > window.latest) return false;
  const { intervals } = intervalsIn(request, { ...window, earliest: start, latest: start }, 1);
  return intervals[0]?.start === start;
}

/** When slots may start as of `now` (notice and horizon), and the days asked that can hold one. */
export type SlotWindow = { earliest: number; latest: number; firstDay: CalendarDate; lastDay: CalendarDate };

/** The window `request.now` leaves: no day at all when firstDay is after lastDay. */
export function slotWindowOf(
  request: Pick<SlotRequest, "timeZone" | "from" | "to" | "now" | "rules">,
): SlotWindow {
  const { timeZone, rules } = request;
  const now = request.now.getTime();
  const earliest = now + rules.minimumNoticeMinutes * MINUTE_MS;
  const latest = now + rules.bookingHorizonDays * DAY_MS;
  // No day outside these can hold a slot: a range's instants lie within its own local day.
  const firstDay = laterDate(request.from, calendarDateAt(new Date(earliest), timeZone));
  const lastDay = earlierDate(request.to, calendarDateAt(new Date(latest), timeZone));
  return { earliest, latest, firstDay, lastDay };
}

/** The offsets of a window without days: nothing is printed with them. */
const NO_ZONE: ZoneOffsets = {
  offsetAt: () => 0,
  firstInstantShowing: () => Number.NaN,
};

/** Every slot of a window's days, in time order, before notice and horizon cut any: what a cache keeps. */
export type DaySlots = { zone: ZoneOffsets; starts: Float64Array; ends: Float64Array };

/**
 * The slots of `window`'s days whatever the time of day `now` is: offeredSlots of the same request are those
 * of them starting from `window.earliest` to `window.latest`, in the same order (notice and horizon only cut
 * the grid, they never move it), the first `limit` of them.
 */
export function daySlots(request: Omit<SlotRequest, "now" | "limit">, window: SlotWindow): DaySlots {
  if (window.firstDay > window.lastDay)
    return { zone: NO_ZONE, starts: new Float64Array(), ends: new Float64Array() };
  const { zone, intervals } = intervalsIn(
    request,
    { ...window, earliest: Number.NEGATIVE_INFINITY, latest: Number.POSITIVE_INFINITY },
    Number.POSITIVE_INFINITY,
  );
  return {
    zone,
    starts: Float64Array.from(intervals, (interval) => interval.start),
    ends: Float64Array.from(intervals, (interval) => interval.end),
  };
}

/** The slots as instants, and the zone's offsets to print them with; null when no day asked can hold one. */
function offeredIntervals(request: SlotRequest): { zone: ZoneOffsets; intervals: Interval[] } | null {
  const window = slotWindowOf(request);
  if (window.firstDay > window.lastDay) return null;
  return intervalsIn(request, window, request.limit ?? Number.POSITIVE_INFINITY);
}

function intervalsIn(
  request: Omit<SlotRequest, "now" | "limit">,
  { earliest, latest, firstDay, lastDay }: SlotWindow,
  limit: number,
): { zone: ZoneOffsets; intervals: Interval[] } {
  const { timeZone, rules, service } = request;
  const zone = zoneOffsetsBetween(
    timeZone,
    utcMilliseconds(wallTimeOf(firstDay, 0)),
    utcMilliseconds(wallTimeOf(lastDay, 1440)),
  );
  const busy = mergedBusy(request.busy);
  const step = rules.slotStepMinutes * MINUTE_MS;
  const duration = service.durationMinutes * MINUTE_MS;
  const before = service.bufferBeforeMinutes * MINUTE_MS;
  const after = service.bufferAfterMinutes * MINUTE_MS;
  const slots: Interval[] = [];
  let next = 0; // the first merged busy interval that may still touch a candidate

  for (let date = firstDay; date <= lastDay && slots.length < limit; date = addCalendarDays(date, 1)) {
    const closed = blackoutsOn(date, request.blackoutDates, zone);
    if (closed === null) continue;
    const ranges = request.weeklySchedule[WEEKDAYS[weekdayOfCalendarDate(date)]!]
      .map((range) => ({
        start: instantOfMinute(zone, date, minutesOfClockTime(range.start) ?? 0),
        end: instantOfMinute(zone, date, minutesOfClockTime(range.end, { end: true }) ?? 0),
      }))
      .sort((a, b) => a.start - b.start);
    for (const range of ranges) {
      const lastStart = Math.min(range.end - duration, latest);
      let start = range.start + Math.max(0, Math.ceil((earliest - range.start) / step)) * step;
      while (start <= lastStart && slots.length < limit) {
        const end = start + duration;
        while (next < busy.length && busy[next]!.end <= start - before) next++;
        const blocking = busy[next];
        if (blocking && blocking.start < end + after) {
          // Jump to the first grid start whose buffer before clears this busy interval.
          start = range.start + Math.ceil((blocking.end + before - range.start) / step) * step;
          continue;
        }
        if (!closed.some((interval) => interval.start < end && start < interval.end)) {
          slots.push({ start, end });
        }
        start += step;
      }
    }
  }
  return { zone, intervals: slots };
}
