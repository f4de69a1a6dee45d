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

/**
 * The instant at which clocks in `timeZone` show `wall`. A wall time skipped by a DST change is read with
 * the offset before the change (02:30 on a spring-forward night is 03:30 new time); a wall time that
 * happens twice is its first occurrence. (Temporal calls this disambiguation "compatible".)
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const asUtc = utcMilliseconds(wall);
  const before = offsetAt(asUtc - DAY_MS, timeZone);
  const after = offsetAt(asUtc + DAY_MS, timeZone);
  if (before === after) return new Date(asUtc - before);
  const candidates = [asUtc - before, asUtc - after].filter(
    (candidate) => asUtc - offsetAt(candidate, timeZone) === candidate,
  );
  return new Date(candidates.length > 0 ? Math.min(...candidates) : asUtc - before);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

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
  return instantOfWallTime(
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
