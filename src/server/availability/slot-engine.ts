import {
  type AvailabilityRules,
  type BlackoutDate,
  type Slot,
  type SlotsEmptyReason,
  WEEKDAYS,
  type WeeklySchedule,
} from "@shared/availability.schema";
import { lastBookableDayOf } from "@shared/booking-horizon";
import type { CalendarDate } from "@shared/calendar-date";
import { minutesOfClockTime } from "@shared/clock-time";
import {
  calendarDateAt,
  isoWithOffset,
  utcMilliseconds,
  type ZoneOffsets,
  zoneOffsetsBetween,
} from "@shared/zoned-time";

/**
 * The free times of one service, from the business's rules alone: no database, no clock of its own. The rules
 * (docs/spec-notes.md, "Availability API and free slots") decide; the loop below only makes them fast:
 * candidates are made in time order, and open time and busy time, each sorted and merged once, are passed by
 * one pointer each.
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
  /** Every blackout that closes any time from `from` to RUN_ON_DAYS after `to` (an appointment may run on). */
  blackoutDates: readonly Pick<BlackoutDate, "startDate" | "endDate" | "startTime" | "endTime">[];
  rules: Pick<AvailabilityRules, "minimumNoticeMinutes" | "bookingHorizonDays" | "slotStepMinutes">;
  service: SlotService;
  busy: readonly BusyInterval[];
  /** Stop at this many slots (the first ones in time order). */
  limit?: number;
};

/** The slots of a request, why there are none when there are none, and the last day the horizon reaches. */
export type SlotAnswer = {
  slots: Slot[];
  emptyReason: SlotsEmptyReason | null;
  lastBookableDay: CalendarDate;
};

const MINUTE_MS = 60_000;

/**
 * Days after the last day asked whose opening hours and blackouts an appointment may run into: a service
 * lasts at most a day (1,440 minutes), and a day may have 25 hours.
 */
export const RUN_ON_DAYS = 2;

type Interval = { start: number; end: number };

/** Intervals as disjoint intervals in time order, touching ones joined: the same set of instants. */
function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}

/** `open` less `closed`, both merged (disjoint, in time order). */
function without(open: readonly Interval[], closed: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let c = 0;
  for (const interval of open) {
    let start = interval.start;
    while (c < closed.length && closed[c]!.end <= start) c++;
    for (let k = c; k < closed.length && closed[k]!.start < interval.end; k++) {
      if (closed[k]!.start > start) out.push({ start, end: closed[k]!.start });
      start = Math.max(start, closed[k]!.end);
    }
    if (start < interval.end) out.push({ start, end: interval.end });
  }
  return out;
}

const laterDate = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);
const earlierDate = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);

const DAY_MS = 1440 * MINUTE_MS;

/** Days since 1970-01-01 of `date`: the layout counts days as numbers, not as texts. */
function dayNumberOf(date: CalendarDate): number {
  const [year, month, day] = date.split("-").map(Number);
  const midnight = utcMilliseconds({
    year: year!,
    month: month!,
    day: day!,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
  });
  return Math.round(midnight / DAY_MS);
}

/** The day of the week of a day number, 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
const weekdayOfDay = (day: number) => (((day + 4) % 7) + 7) % 7;

/**
 * Midnight of day `day` plus `minute` (1440 is the next midnight) as an instant: see
 * ZoneOffsets.firstInstantShowing for the nights clocks change.
 */
const instantOfMinute = (zone: ZoneOffsets, day: number, minute: number) =>
  zone.firstInstantShowingAt(day * DAY_MS + minute * MINUTE_MS);

/** The weekly schedule as minutes of the day, per weekday (0 = Sunday): read once, laid on many days. */
const weekInMinutes = (schedule: WeeklySchedule): Interval[][] =>
  WEEKDAYS.map((weekday) =>
    schedule[weekday].map((range) => ({
      start: minutesOfClockTime(range.start) ?? 0,
      end: minutesOfClockTime(range.end, { end: true }) ?? 0,
    })),
  );

/** The opening ranges of days `from`..`to` as instants, in time order (ranges of a day never overlap). */
function rangesOf(request: SlotRequest, zone: ZoneOffsets, from: number, to: number): Interval[] {
  const week = weekInMinutes(request.weeklySchedule);
  const ranges: Interval[] = [];
  for (let day = from; day <= to; day++) {
    for (const range of week[weekdayOfDay(day)]!) {
      const start = instantOfMinute(zone, day, range.start);
      const end = instantOfMinute(zone, day, range.end);
      if (end > start) ranges.push({ start, end });
    }
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** Each blackout as the span of time it closes: from its start (its day's 00:00 without a time) to its end. */
const closedSpans = (request: SlotRequest, zone: ZoneOffsets): Interval[] =>
  merged(
    request.blackoutDates.map((blackout) => ({
      start: instantOfMinute(
        zone,
        dayNumberOf(blackout.startDate),
        minutesOfClockTime(blackout.startTime ?? "") ?? 0,
      ),
      end: instantOfMinute(
        zone,
        dayNumberOf(blackout.endDate),
        minutesOfClockTime(blackout.endTime ?? "", { end: true }) ?? 1440,
      ),
    })),
  );

/**
 * When slots may start as of `now`: from `earliest` (notice), through lastBookableDay (the horizon: today on
 * the business's calendar plus bookingHorizonDays, whole days); and the days asked that can hold one (none when
 * firstDay is after lastDay).
 */
function slotWindowOf(request: Pick<SlotRequest, "timeZone" | "from" | "to" | "now" | "rules">) {
  const { timeZone, rules } = request;
  const earliest = request.now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS;
  const lastBookableDay = lastBookableDayOf(calendarDateAt(request.now, timeZone), rules.bookingHorizonDays);
  return {
    earliest,
    firstDay: laterDate(request.from, calendarDateAt(new Date(earliest), timeZone)),
    lastDay: earlierDate(request.to, lastBookableDay),
    lastBookableDay,
  };
}

/** What one pass over the candidates looks at: the rest of the request is fixed. */
type Pass = { earliest: number; before: number; open: Interval[]; busy: Interval[]; limit: number };

/**
 * The slots: each start on the grid of the opening range it falls in (counted from the range's real start),
 * from `earliest`, before `before`, its appointment wholly in `open`, its buffers clear of `busy`.
 */
function candidates(ranges: readonly Interval[], service: SlotService, step: number, pass: Pass) {
  const duration = service.durationMinutes * MINUTE_MS;
  const bufferBefore = service.bufferBeforeMinutes * MINUTE_MS;
  const bufferAfter = service.bufferAfterMinutes * MINUTE_MS;
  const { open, busy } = pass;
  const slots: Interval[] = [];
  let piece = 0; // the first open interval that may still hold a candidate
  let next = 0; // the first busy interval that may still touch a candidate
  const onGrid = (range: Interval, from: number) =>
    range.start + Math.max(0, Math.ceil((from - range.start) / step)) * step;
  for (const range of ranges) {
    let start = onGrid(range, pass.earliest);
    while (start < range.end && start < pass.before && slots.length < pass.limit) {
      while (piece < open.length && open[piece]!.end <= start) piece++;
      const around = open[piece];
      if (!around) return slots;
      const end = start + duration;
      if (around.start > start) {
        start = onGrid(range, around.start);
        continue;
      }
      if (end > around.end) {
        // No later start in this open interval fits either.
        start = onGrid(range, around.end);
        continue;
      }
      while (next < busy.length && busy[next]!.end <= start - bufferBefore) next++;
      const blocking = busy[next];
      if (blocking && blocking.start < end + bufferAfter) {
        // The first grid start whose buffer before clears this busy interval.
        start = onGrid(range, blocking.end + bufferBefore);
        continue;
      }
      slots.push({ start, end });
      start += step;
    }
  }
  return slots;
}

/** The request's rules laid out on its days: what every question of the engine starts from. */
function laidOut(request: SlotRequest) {
  const window = slotWindowOf(request);
  const firstDay = dayNumberOf(window.firstDay);
  const lastDay = dayNumberOf(window.lastDay);
  const zone = zoneOffsetsBetween(request.timeZone, firstDay * DAY_MS, (lastDay + RUN_ON_DAYS + 1) * DAY_MS);
  // The ranges of the days asked give the starts; those of the days after only open time to run on into.
  const laid = rangesOf(request, zone, firstDay, lastDay + RUN_ON_DAYS);
  const endOfLastDay = instantOfMinute(zone, lastDay, 1440);
  const ranges = firstDay > lastDay ? [] : laid.filter((range) => range.start < endOfLastDay);
  const hours = merged(laid);
  const closed = closedSpans(request, zone);
  const before = instantOfMinute(zone, dayNumberOf(window.lastBookableDay), 1440);
  return { window: { ...window, before }, zone, ranges, hours, closed };
}

/** The request's busy time, merged (disjoint, in time order) as the candidates pass it by. */
const busyOf = (request: SlotRequest) =>
  merged(request.busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })));

/** A slot as the API prints it: ISO 8601 with the business's offset at each end. */
const printedSlot = (zone: ZoneOffsets, { start, end }: Interval): Slot => ({
  start: isoWithOffset(start, zone.offsetAt(start)),
  end: isoWithOffset(end, zone.offsetAt(end)),
});

/** The slots offered for `request.service` on the days asked, in time order, with the business's offsets. */
export function offeredSlots(request: SlotRequest): SlotAnswer {
  const { window, zone, ranges, hours, closed } = laidOut(request);
  const step = request.rules.slotStepMinutes * MINUTE_MS;
  const pass = {
    earliest: window.earliest,
    before: window.before,
    open: without(hours, closed),
    busy: busyOf(request),
    limit: request.limit ?? Number.POSITIVE_INFINITY,
  };
  const slots = candidates(ranges, request.service, step, pass);
  const answer = {
    slots: slots.map((slot) => printedSlot(zone, slot)),
    lastBookableDay: window.lastBookableDay,
  };
  if (slots.length > 0) return { ...answer, emptyReason: null };
  return { ...answer, emptyReason: whyEmpty(request, { window, ranges, hours, step, pass }) };
}

/**
 * Why no slot is offered, the first reason that holds: the days asked are all before the notice allows (or
 * past) or after the horizon; they have no opening hours; the service fits in none of them; blackouts leave
 * it none; notice or horizon cut every time it fits; busy time takes the rest.
 */
function whyEmpty(
  request: SlotRequest,
  laid: Pick<ReturnType<typeof laidOut>, "window" | "ranges" | "hours"> & {
    step: number;
    pass: Pass;
  },
): SlotsEmptyReason {
  const { window, ranges, hours, step, pass } = laid;
  if (window.firstDay > window.lastDay)
    return request.from > window.lastBookableDay ? "beyondHorizon" : "minimumNotice";
  if (ranges.length === 0) return "closed";
  const anyTime = {
    earliest: Number.NEGATIVE_INFINITY,
    before: Number.POSITIVE_INFINITY,
    busy: [],
    limit: 1,
  };
  if (candidates(ranges, request.service, step, { ...anyTime, open: hours }).length === 0) return "tooLong";
  const fitting = candidates(ranges, request.service, step, { ...anyTime, open: pass.open, limit: Infinity });
  if (fitting.length === 0) return "blackout";
  if (!fitting.some((slot) => slot.start >= window.earliest && slot.start < window.before))
    return fitting.some((slot) => slot.start < window.earliest) ? "minimumNotice" : "beyondHorizon";
  return "fullyBooked";
}

/**
 * Whether `start` (epoch milliseconds) begins one of the slots `request` offers: the same rule, only `start`
 * looked at, against the busy time given (a booking being decided gives the calendar's alone: the exclusion
 * constraint weighs the bookings' as it is written).
 */
export function offersStart(request: SlotRequest, start: number): boolean {
  const { window, ranges, hours, closed } = laidOut(request);
  if (start < window.earliest || start >= window.before) return false;
  const step = request.rules.slotStepMinutes * MINUTE_MS;
  const pass = {
    earliest: start,
    before: start + 1,
    open: without(hours, closed),
    busy: busyOf(request),
    limit: 1,
  };
  return candidates(ranges, request.service, step, pass)[0]?.start === start;
}
