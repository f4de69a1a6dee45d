import { isCalendarDate } from "@shared/calendar-date";
import {
  firstInstantShowing,
  isoWithOffset,
  placeWallTime,
  utcMilliseconds,
  type WallTime,
} from "@shared/zoned-time";

/** A parsed ISO 8601 time: its wall-clock fields, and the offset from UTC when the text gave one. */
export type IsoTime = { wall: WallTime; dateOnly: boolean; offsetMinutes: number | null };

/** The ISO 8601 forms the API takes: YYYY-MM-DD, optionally Thh:mm[:ss[.fraction]], optionally Z or ±hh[[:]mm]. */
const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|([+-])(\d{2})(?::?(\d{2}))?)?)?$/i;

export const ISO_TIME_FORMS =
  "a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDThh:mm[:ss[.sss]] with Z or ±hh:mm)";

/**
 * Parses the forms of ISO_TIME_FORMS; null for anything else, including times that do not exist
 * (2026-02-30, 24:00, a 60th second). The shared schemas accept ISO 8601 more broadly (week dates, basic
 * format); this is where the server says which of those it can place on a timeline.
 */
export function parseIsoTime(text: string): IsoTime | null {
  const m = ISO_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    Number(v ?? 0),
  );
  const millisecond = Number((m[7] ?? "").padEnd(3, "0").slice(0, 3));
  if (!isCalendarDate(`${m[1]}-${m[2]}-${m[3]}`)) return null;
  if (hour! > 23 || minute! > 59 || second! > 59) return null;
  const offsetMinutes = (() => {
    if (m[8] === undefined) return null;
    if (m[9] === undefined) return 0;
    const hours = Number(m[10]);
    const minutes = Number(m[11] ?? 0);
    if (hours > 23 || minutes > 59) return Number.NaN;
    return (m[9] === "-" ? -1 : 1) * (hours * 60 + minutes);
  })();
  if (Number.isNaN(offsetMinutes)) return null;
  return {
    wall: {
      year: year!,
      month: month!,
      day: day!,
      hour: hour!,
      minute: minute!,
      second: second!,
      millisecond,
    },
    dateOnly: m[4] === undefined,
    offsetMinutes,
  };
}

/**
 * The instant `time` names when it names one: with an offset, exactly that; without one, the wall time as the
 * clocks of `timeZone` show it, when they show it exactly once. A wall time the clocks skip or show twice (a
 * night they change) names no instant: `problem` says why, in words for a 400 on `field`, and `near` is the
 * instant to look around for other times (the jump, or the first of the two). docs/spec-notes.md, "Wall times".
 */
export function placeIsoTime(
  time: IsoTime,
  timeZone: string,
  field: string,
): { instant: Date } | { problem: string; near: Date } {
  if (time.offsetMinutes !== null)
    return { instant: new Date(utcMilliseconds(time.wall) - time.offsetMinutes * 60_000) };
  const placed = placeWallTime(time.wall, timeZone);
  if (placed.kind === "exact") return { instant: new Date(placed.instant) };
  const shown = wallText(time.wall);
  if (placed.kind === "skipped") {
    const [before, after] = placed.offsets.map(offsetText);
    return {
      problem: `${field} ${shown} does not exist in ${timeZone}: the clocks jump forward that night (from UTC${before} to UTC${after}); choose another time`,
      near: new Date(placed.jump),
    };
  }
  const [first, second] = placed.instants.map((instant, i) => isoWithOffset(instant, placed.offsets[i]!));
  return {
    problem: `${field} ${shown} happens twice in ${timeZone} (the clocks go back that night): send it with its offset, ${first} or ${second}`,
    near: new Date(placed.instants[0]),
  };
}

/**
 * The first instant at or after `time` on the clocks of `timeZone` (a bare date: the first instant of that day
 * there): a bound of a range asked for, where a skipped or repeated wall time still has an obvious place.
 */
export function firstInstantOf(time: IsoTime, timeZone: string): Date {
  if (time.offsetMinutes === null) return firstInstantShowing(time.wall, timeZone);
  return new Date(utcMilliseconds(time.wall) - time.offsetMinutes * 60_000);
}

const pad = (n: number) => String(n).padStart(2, "0");
const wallText = (wall: WallTime) =>
  `${String(wall.year).padStart(4, "0")}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
const offsetText = (offsetMs: number) => isoWithOffset(0, offsetMs).slice(-6);
