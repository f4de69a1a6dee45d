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
  return instantOf(time, timeZone);
}
