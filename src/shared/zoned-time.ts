import type { CalendarDate } from "./calendar-date";

/**
 * Calendar arithmetic in an IANA timezone with nothing but Intl, so server, client and the simulator
 * agree on what "that day in the business's timezone" means, across DST changes included.
 */

/** Wall-clock fields as a clock in some timezone shows them; `month` is 1–12. */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

export type { CalendarDate };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Milliseconds since the epoch of a UTC wall time; years 0–99 are taken literally (Date.UTC would add 1900). */
export function utcMilliseconds(wall: WallTime): number {
  const date = new Date(
    Date.UTC(2000, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond),
  );
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  return date.getTime();
}

/** What a clock in `timeZone` shows at `instant`. */
export function wallTimeAt(instant: Date, timeZone: string): WallTime {
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year!,
    month: fields.month!,
    day: fields.day!,
    hour: fields.hour!,
    minute: fields.minute!,
    second: fields.second!,
    millisecond: instant.getUTCMilliseconds(),
  };
}

/** How far `timeZone`'s clocks are ahead of UTC at `epochMs`, in milliseconds. */
function offsetAt(epochMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return utcMilliseconds({ ...wallTimeAt(new Date(wholeSecond), timeZone), millisecond: 0 }) - wholeSecond;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `timeZone`'s offsets over a stretch of time, read from Intl once instead of at every instant. */
export type ZoneOffsets = {
  /** Milliseconds the zone's clocks are ahead of UTC at `epochMs`. */
  offsetAt(epochMs: number): number;
  /** Where `wall` falls on the timeline: see WallTimePlacement. */
  place(wall: WallTime): WallTimePlacement;
  /**
   * The first instant at which the zone's clocks show `wall` or a later time, in epoch milliseconds: the
   * instant itself when it exists, its first occurrence when the clocks show it twice, and the moment the
   * clocks jump past it when they skip it (02:30 on a spring-forward night is the jump to 03:00). It never
   * goes back as `wall` goes forward, so ranges of a day that do not overlap on the clock do not overlap in
   * time either.
   */
  firstInstantShowing(wall: WallTime): number;
  /** firstInstantShowing of the wall time a UTC clock shows at `asUtc` (its utcMilliseconds), for callers that count days as numbers. */
  firstInstantShowingAt(asUtc: number): number;
};

/**
 * Where a wall time falls in a zone, the one rule every path reads local times by (docs/spec-notes.md, "Wall
 * times"): once (`exact`), twice when the clocks go back (`repeated`: the earlier instant, then the later), or
 * never when they jump forward over it (`skipped`: `jump` is the instant the clocks jumped, whose wall time is
 * the first one shown after `wall`). Epoch milliseconds; offsets in milliseconds ahead of UTC.
 */
export type WallTimePlacement =
  | { kind: "exact"; instant: number; offset: number }
  | { kind: "repeated"; instants: [number, number]; offsets: [number, number] }
  | { kind: "skipped"; jump: number; offsets: [number, number] };

/**
 * How far apart the offsets of a stretch are sampled: from 1990 to 2045 no zone of the tz database changes its
 * offset twice within six days (the closest pairs, a week apart: Brazil's 2000 false start of summer time,
 * Gaza's and Hebron's Ramadan in 2040), so a change between two samples four days apart is the only one there.
 * Each sample is an Intl call, the main cost of a month of free slots (daily samples were most of it).
 */
const SAMPLE_MS = 4 * DAY_MS;

/**
 * Offsets of `timeZone` between `startMs` and `endMs` (and two days either side): sampled every SAMPLE_MS, each
 * change between two samples found to the second by bisection; outside the stretch it asks Intl as offsetAt does.
 */
export function zoneOffsetsBetween(timeZone: string, startMs: number, endMs: number): ZoneOffsets {
  const first = Math.floor(startMs / DAY_MS) * DAY_MS - 2 * DAY_MS;
  const last = Math.ceil(endMs / DAY_MS) * DAY_MS + 2 * DAY_MS;
  const read = (epochMs: number) => offsetAt(epochMs, timeZone);
  /** From each `since` on (ascending), the zone is `offset` ahead of UTC. */
  const changes: { since: number; offset: number }[] = [{ since: first, offset: read(first) }];
  for (let sample = first; sample < last; ) {
    const previous = sample;
    sample = Math.min(sample + SAMPLE_MS, last);
    const offset = read(sample);
    if (offset === changes.at(-1)!.offset) continue;
    let [low, high] = [previous, sample];
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (read(middle) === offset) high = middle;
      else low = middle;
    }
    changes.push({ since: high, offset });
  }
  const changeAt = (epochMs: number) => {
    let index = changes.length - 1;
    while (index > 0 && changes[index]!.since > epochMs) index--;
    return changes[index]!;
  };
  const offsetOf = (epochMs: number) =>
    epochMs < first || epochMs > last ? read(epochMs) : changeAt(epochMs).offset;
  const placeAt = (asUtc: number): WallTimePlacement => {
    const before = offsetOf(asUtc - DAY_MS);
    const after = offsetOf(asUtc + DAY_MS);
    // The instants the wall time may be, each kept when the clocks really show it then.
    const low = Math.min(asUtc - before, asUtc - after);
    const high = Math.max(asUtc - before, asUtc - after);
    const lowShown = asUtc - offsetOf(low) === low;
    const highShown = high !== low && asUtc - offsetOf(high) === high;
    if (lowShown && highShown)
      return { kind: "repeated", instants: [low, high], offsets: [asUtc - low, asUtc - high] };
    if (lowShown || highShown) {
      const instant = lowShown ? low : high;
      return { kind: "exact", instant, offset: asUtc - instant };
    }
    // Skipped: the clocks jumped from before `wall` to after it at the last change up to asUtc - before.
    const candidate = asUtc - before;
    const jump = candidate < first || candidate > last ? candidate : changeAt(candidate).since;
    return { kind: "skipped", jump, offsets: [before, after] };
  };
  const firstInstantShowingAt = (asUtc: number) => {
    const placed = placeAt(asUtc);
    if (placed.kind === "exact") return placed.instant;
    return placed.kind === "repeated" ? placed.instants[0] : placed.jump;
  };
  return {
    offsetAt: offsetOf,
    place: (wall) => placeAt(utcMilliseconds(wall)),
    firstInstantShowing: (wall) => firstInstantShowingAt(utcMilliseconds(wall)),
    firstInstantShowingAt,
  };
}

/** placeWallTime's answer for one wall time, the zone's offsets read around it alone. */
export function placeWallTime(wall: WallTime, timeZone: string): WallTimePlacement {
  const asUtc = utcMilliseconds(wall);
  return zoneOffsetsBetween(timeZone, asUtc, asUtc).place(wall);
}

/** The first instant the clocks of `timeZone` show `wall` or a later time (ZoneOffsets.firstInstantShowing). */
export const firstInstantShowing = (wall: WallTime, timeZone: string): Date => {
  const asUtc = utcMilliseconds(wall);
  return new Date(zoneOffsetsBetween(timeZone, asUtc, asUtc).firstInstantShowing(wall));
};

/** 00–59 as two digits: a month of slots prints thousands of times of day. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => pad(n));
/** The last day isoWithOffset printed, as "YYYY-MM-DDT": a month of slots prints each day's date dozens of times. */
let printedDay = { index: Number.NaN, text: "" };
/** The last offset isoWithOffset printed, as "+02:00": a zone has one or two in a month. */
let printedOffset = { ms: Number.NaN, text: "" };
/** Days 0001-01-01..9999-12-31 (since the epoch), where toISOString gives four-digit years. */
const FIRST_DAY = -719_162;
const LAST_DAY = 2_932_896;

/** ISO 8601 of `epochMs` as a clock `offsetMs` ahead of UTC shows it, to the second: 2026-03-30T09:00:00+02:00. */
export function isoWithOffset(epochMs: number, offsetMs: number): string {
  const local = Math.floor(epochMs / 1000) * 1000 + offsetMs;
  if (printedOffset.ms !== offsetMs) {
    const minutes = Math.round(Math.abs(offsetMs) / 60_000);
    printedOffset = {
      ms: offsetMs,
      text: `${offsetMs < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
    };
  }
  const offset = printedOffset.text;
  const dayIndex = Math.floor(local / DAY_MS);
  if (dayIndex < FIRST_DAY || dayIndex > LAST_DAY)
    return `${new Date(local).toISOString().slice(0, 19)}${offset}`;
  if (printedDay.index !== dayIndex)
    printedDay = { index: dayIndex, text: new Date(dayIndex * DAY_MS).toISOString().slice(0, 11) };
  const second = (local - dayIndex * DAY_MS) / 1000;
  return `${printedDay.text}${TWO_DIGITS[Math.floor(second / 3600)]}:${TWO_DIGITS[Math.floor(second / 60) % 60]}:${TWO_DIGITS[second % 60]}${offset}`;
}

/** ISO 8601 of `instant` as the clocks of `timeZone` show it, with their offset: 2026-03-30T09:00:00+02:00. */
export const isoInZone = (instant: Date, timeZone: string): string =>
  isoWithOffset(instant.getTime(), offsetAt(instant.getTime(), timeZone));

/** The calendar date in `timeZone` at `instant`. */
export function calendarDateAt(instant: Date, timeZone: string): CalendarDate {
  const { year, month, day } = wallTimeAt(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function parseCalendarDate(date: CalendarDate): { year: number; month: number; day: number } {
  const [year, month, day] = date.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

/** `date` moved by `days` calendar days (no timezone involved: a calendar date has none). */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(
    utcMilliseconds({ ...parseCalendarDate(date), hour: 0, minute: 0, second: 0, millisecond: 0 }) +
      days * DAY_MS,
  );
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The first instant of `date` in `timeZone` (usually local midnight; later when a DST change skips it). */
export function startOfCalendarDate(date: CalendarDate, timeZone: string): Date {
  return firstInstantShowing(
    { ...parseCalendarDate(date), hour: 0, minute: 0, second: 0, millisecond: 0 },
    timeZone,
  );
}

/** The day containing `instant` in `timeZone`, as the half-open UTC interval [start, end). */
export function calendarDayAround(instant: Date, timeZone: string): { start: Date; end: Date } {
  const date = calendarDateAt(instant, timeZone);
  return {
    start: startOfCalendarDate(date, timeZone),
    end: startOfCalendarDate(addCalendarDays(date, 1), timeZone),
  };
}
