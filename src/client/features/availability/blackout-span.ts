import type { BlackoutDate, BlackoutDateInput } from "@shared/availability.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { addDays } from "../../lib/calendar-week";

// A blackout is one span, from (startDate, startTime) to (endDate, endTime) on the business's clock; a null
// startTime is the start of startDate and a null endTime the end of endDate (docs/spec-notes.md).

type Edges = Pick<BlackoutDate, "startDate" | "endDate" | "startTime" | "endTime">;

/** The span's ends as `YYYY-MM-DDTHH:MM` (the end's midnight as 24:00 of its day): compared as text. */
export const startOfSpan = (span: Edges) => `${span.startDate}T${span.startTime ?? "00:00"}`;
export const endOfSpan = (span: Edges) => `${span.endDate}T${span.endTime ?? "24:00"}`;

/**
 * What the form sends for what was typed: an empty time is the whole day at that end. "Until 00:00" of a later
 * day is the end of the day before (the server takes no end at 00:00; a time field cannot say 24:00).
 */
export function blackoutInputOf(typed: {
  startDate: CalendarDate;
  startTime: string;
  endDate: CalendarDate;
  endTime: string;
  reason: string;
}): BlackoutDateInput {
  const untilMidnight = typed.endTime === "00:00" && typed.endDate > typed.startDate;
  return {
    startDate: typed.startDate,
    startTime: typed.startTime || null,
    endDate: untilMidnight ? addDays(typed.endDate, -1) : typed.endDate,
    endTime: untilMidnight ? null : typed.endTime || null,
    reason: typed.reason.trim() || null,
  };
}

/**
 * How the list names a span in `locale`: "Fri, Nov 27, 14:00 – Mon, Nov 30, 10:00", "Fri, Nov 27, 14:00–18:00",
 * whole days as dates alone ("Thu, Dec 24 – Sat, Dec 26"); the year only when it is not `thisYear`'s.
 */
export function blackoutSpanFormat(locale: string, thisYear: string) {
  // Calendar dates and clock times name no instant: formatted as the same wall time in UTC.
  const formats = (withTime: boolean) => {
    const options: Intl.DateTimeFormatOptions = {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
      ...(withTime && { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
    };
    return {
      thisYear: new Intl.DateTimeFormat(locale, options),
      anyYear: new Intl.DateTimeFormat(locale, { ...options, year: "numeric" }),
    };
  };
  const [dates, dateTimes] = [formats(false), formats(true)];
  const edge = (date: CalendarDate, time: string | null) => {
    const format = time ? dateTimes : dates;
    return (date.startsWith(`${thisYear}-`) ? format.thisYear : format.anyYear).format(
      new Date(`${date}T${time ?? "00:00"}:00Z`),
    );
  };
  return (span: Edges) => {
    // An end at a midnight is a whole day's edge: the date alone says it.
    const from = span.startTime === "00:00" ? null : span.startTime;
    const until = span.endTime === "24:00" ? null : span.endTime;
    if (span.startDate !== span.endDate)
      return `${edge(span.startDate, from)} – ${edge(span.endDate, until)}`;
    if (from === null && until === null) return edge(span.startDate, null);
    return `${edge(span.startDate, from ?? "00:00")}–${until ?? "24:00"}`;
  };
}
