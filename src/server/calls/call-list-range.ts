import type { CallListQuery } from "@shared/calls.schema";
import { addCalendarDays, startOfCalendarDate } from "@shared/zoned-time";
import { createBoundedMap } from "../bounded-map";
import { Refusal } from "../refusal";
import { firstInstantOf, ISO_TIME_FORMS, parseIsoTime } from "../time/iso-time";

/** A half-open interval of start times, [from, to); null leaves that side open. */
export type StartTimeRange = { from: Date | null; to: Date | null };

const invalid = (message: string, field: string) => new Refusal("VALIDATION", message, { field });

/**
 * Bounds already worked out, by parameter, text and timezone: screens ask for the same few days over and
 * over, and placing a date in a timezone takes several Intl calls.
 */
const known = createBoundedMap<string, number>(1000);

type Side = "from" | "to";

function bound(side: Side, name: string, text: string, timeZone: string): Date {
  const key = `${side}|${name}|${text}|${timeZone}`;
  let epochMs = known.get(key);
  if (epochMs === undefined) {
    epochMs = placeBound(side, name, text, timeZone).getTime();
    known.set(key, epochMs);
  }
  return new Date(epochMs);
}

function placeBound(side: Side, name: string, text: string, timeZone: string): Date {
  const time = parseIsoTime(text);
  if (!time) throw invalid(`${name} must be ${ISO_TIME_FORMS} (was "${text}")`, name);
  if (side === "from" || !time.dateOnly) {
    // The end is inclusive: a date-time includes its own millisecond (the precision of every stored time).
    const instant = firstInstantOf(time, timeZone);
    return side === "to" ? new Date(instant.getTime() + 1) : instant;
  }
  return startOfCalendarDate(addCalendarDays(text, 1), timeZone);
}

/**
 * startDate and endDate of the calls list as a range of start times. A bare date is that whole day in the
 * business's timezone, endDate's included; a date-time is that instant (in the business's timezone when it
 * has no offset).
 */
export function startTimeRange(
  query: Pick<CallListQuery, "startDate" | "endDate">,
  timeZone: string,
): StartTimeRange {
  return inclusiveRange(
    { name: "startDate", text: query.startDate },
    { name: "endDate", text: query.endDate },
    timeZone,
  );
}

type NamedBound = { name: string; text: string | undefined };

/**
 * Two ISO 8601 query parameters as a half-open range, by the rule of startTimeRange; errors name the
 * parameter.
 */
export function inclusiveRange(from: NamedBound, to: NamedBound, timeZone: string): StartTimeRange {
  const start = from.text === undefined ? null : bound("from", from.name, from.text, timeZone);
  const end = to.text === undefined ? null : bound("to", to.name, to.text, timeZone);
  if (start && end && start >= end) throw invalid(`${from.name} must not be after ${to.name}`, from.name);
  return { from: start && storable(start), to: end && storable(end) };
}

// Years 0001–9999 in UTC: what ISO 8601 text and PostgreSQL's timestamptz both take. Nothing stored lies
// outside them, so a bound beyond (9999-12-31's end in New York, 0001-01-01 in Tokyo) keeps its meaning.
const EARLIEST = Date.parse("0001-01-01T00:00:00.000Z");
const LATEST = Date.parse("9999-12-31T23:59:59.999Z");
const storable = (instant: Date) => new Date(Math.min(Math.max(instant.getTime(), EARLIEST), LATEST));
