import { Refusal } from "../refusal";
import { parseIsoTime, placeIsoTime } from "../time/iso-time";

/**
 * A booking's requested start: the instant it names (with its offset, else as clocks in `timeZone` show it),
 * or, for a wall time those clocks skip or show twice, why it names none and the instant near it to offer
 * free times around (startTimeRefusal). Text that is no date-time, or too far off, is a 400 at once, naming the
 * rule and not the text (the assistant's tool calls keep it as their delivery's reason, see DeliveryRefusal).
 */
export function readStartTime(
  text: string,
  timeZone: string,
): { instant: Date } | { problem: string; near: Date } {
  const time = parseIsoTime(text);
  if (!time || time.dateOnly)
    throw new Refusal(
      "VALIDATION",
      "startTime must be a date-time YYYY-MM-DDThh:mm[:ss[.sss]] with Z, ±hh:mm, or none for the business's timezone",
      { field: "startTime" },
    );
  const placed = placeIsoTime(time, timeZone, "startTime");
  const instant = "instant" in placed ? placed.instant : placed.near;
  if (instant.getTime() < EARLIEST || instant.getTime() >= LATEST)
    throw new Refusal("VALIDATION", "startTime must lie between the years 1900 and 9998", {
      field: "startTime",
    });
  return placed;
}

// A booking's time with its buffers must stay within what ISO 8601 text and the database both write (years
// 0001–9999); no appointment is made further off than these.
const EARLIEST = Date.parse("1900-01-01T00:00:00Z");
const LATEST = Date.parse("9999-01-01T00:00:00Z");
