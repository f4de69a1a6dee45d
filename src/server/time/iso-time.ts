import { isCalendarDate } from "@shared/calendar-date";
import { instantOfWallTime, utcMilliseconds, type WallTime } from "@shared/zoned-time";

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
 * The instant `time` names: with an offset, exactly that; without one, the wall time as clocks in `timeZone`
 * show it (a bare date: the first instant of that day there).
 */
export function instantOf(time: IsoTime, timeZone: string): Date {
  if (time.offsetMinutes === null) return instantOfWallTime(time.wall, timeZone);
  return new Date(utcMilliseconds(time.wall) - time.offsetMinutes * 60_000);
}
