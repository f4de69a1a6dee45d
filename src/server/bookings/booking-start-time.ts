import { ApiError } from "../http/api-error";
import { instantOf, parseIsoTime } from "../time/iso-time";

/** A booking's requested start as an instant: with its offset, else as clocks in `timeZone` show it. */
export function readStartTime(text: string, timeZone: string): Date {
  const time = parseIsoTime(text);
  if (!time || time.dateOnly)
    throw new ApiError(
      400,
      "VALIDATION",
      `startTime must be a date-time YYYY-MM-DDThh:mm[:ss[.sss]] with Z, ±hh:mm, or none for the business's timezone (was "${text}")`,
      {},
      "startTime",
    );
  const start = instantOf(time, timeZone);
  if (start.getTime() < EARLIEST || start.getTime() >= LATEST)
    throw new ApiError(
      400,
      "VALIDATION",
      `startTime must lie between the years 1900 and 9998 (was "${text}")`,
      {},
      "startTime",
    );
  return start;
}

// A booking's time with its buffers must stay within what ISO 8601 text and the database both write (years
// 0001–9999); no appointment is made further off than these.
const EARLIEST = Date.parse("1900-01-01T00:00:00Z");
const LATEST = Date.parse("9999-01-01T00:00:00Z");
