import { type } from "arktype";
import { AVAILABILITY_LIMITS } from "./availability.constants";
import { isCalendarDate } from "./calendar-date";
import { minutesOfClockTime } from "./clock-time";

// The constants live apart so a page can read them without loading arktype.
export {
  AVAILABILITY_DEFAULTS,
  AVAILABILITY_LIMITS,
  WEEKDAYS,
  type Weekday,
} from "./availability.constants";

export const clockTime = type("string").narrow(
  (text, ctx) =>
    minutesOfClockTime(text) !== null || ctx.reject({ expected: "a time of day HH:MM (00:00–23:59)" }),
);
export const clockEndTime = type("string").narrow(
  (text, ctx) =>
    minutesOfClockTime(text, { end: true }) !== null ||
    ctx.reject({ expected: "a time of day HH:MM (00:00–24:00)" }),
);
/**
 * A day, as the database keeps days too: PostgreSQL has no year 0000 (ISO 8601's name for 1 BC), and a date of
 * it failed the statement that stored or compared it (a 500).
 */
export const calendarDate = type("string").narrow((text, ctx) => {
  if (!isCalendarDate(text)) return ctx.reject({ expected: "a date YYYY-MM-DD" });
  return !text.startsWith("0000-") || ctx.reject({ expected: "a date in the years 0001–9999" });
});

/** Whether a closing time `end` comes after the opening time `start` of the same day. */
export const endAfterStart = (start: string, end: string) =>
  (minutesOfClockTime(start) ?? 0) < (minutesOfClockTime(end, { end: true }) ?? 0);

/** Opening hours within one day, local to the business; `end` after `start`. */
export const timeRange = type({ "+": "reject", start: clockTime, end: clockEndTime }).narrow(
  (range, ctx) =>
    endAfterStart(range.start, range.end) ||
    ctx.reject({ expected: "a time after start", actual: range.end, path: [...ctx.path, "end"] }),
);
export type TimeRange = typeof timeRange.infer;

const dayRanges = timeRange
  .array()
  .atMostLength(AVAILABILITY_LIMITS.rangesPerDay)
  .narrow((ranges, ctx) => {
    const sorted = ranges
      .map((range, index) => ({
        index,
        start: minutesOfClockTime(range.start) ?? 0,
        end: minutesOfClockTime(range.end, { end: true }) ?? 0,
      }))
      .sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      const [before, after] = [sorted[i - 1]!, sorted[i]!];
      if (after.start < before.end)
        return ctx.reject({
          expected: "a range that overlaps no other range of its day",
          actual: ranges[after.index]!.start,
          path: [...ctx.path, after.index, "start"],
        });
    }
    return true;
  });

/** Per weekday "0".."6", zero or more ranges that do not overlap; every weekday present, no other key. */
export const weeklySchedule = type({
  "+": "reject",
  "0": dayRanges,
  "1": dayRanges,
  "2": dayRanges,
  "3": dayRanges,
  "4": dayRanges,
  "5": dayRanges,
  "6": dayRanges,
});
export type WeeklySchedule = typeof weeklySchedule.infer;

/** The rules between and around appointments (the "buffer rules" tab). */
export const availabilityRules = type({
  "+": "reject",
  bufferBeforeMinutes: `0 <= number.integer <= ${AVAILABILITY_LIMITS.bufferMinutesMax}`,
  bufferAfterMinutes: `0 <= number.integer <= ${AVAILABILITY_LIMITS.bufferMinutesMax}`,
  minimumNoticeMinutes: `0 <= number.integer <= ${AVAILABILITY_LIMITS.minimumNoticeMinutesMax}`,
  bookingHorizonDays: `1 <= number.integer <= ${AVAILABILITY_LIMITS.bookingHorizonDaysMax}`,
  slotStepMinutes: `1 <= number.integer <= ${AVAILABILITY_LIMITS.slotStepMinutesMax}`,
});
export type AvailabilityRules = typeof availabilityRules.infer;

/** PUT /api/availability: replaces the weekly schedule and the rules (blackouts have their own calls). */
export const availabilityUpdate = availabilityRules.merge({ weeklySchedule });
export type AvailabilityUpdate = typeof availabilityUpdate.infer;

/**
 * POST /api/availability/blackout-dates: the business is closed from `startTime` on `startDate` to `endTime` on
 * `endDate`, local to the business; a null `startTime` is the start of `startDate` (00:00), a null `endTime` the
 * end of `endDate` (24:00). The end comes after the start; an end at midnight is the day before's 24:00.
 */
export const blackoutDateInput = type({
  "+": "reject",
  startDate: calendarDate,
  endDate: calendarDate,
  startTime: clockTime.or("null"),
  endTime: clockEndTime.or("null"),
  "reason?": "string <= 200 | null",
}).narrow((blackout, ctx) => {
  if (blackout.endDate < blackout.startDate)
    return ctx.reject({
      expected: "a date on or after startDate",
      actual: blackout.endDate,
      path: [...ctx.path, "endDate"],
    });
  if (blackout.endTime === "00:00")
    return ctx.reject({
      expected: "a time after 00:00 (a span ending at midnight ends the day before, endTime null)",
      actual: blackout.endTime,
      path: [...ctx.path, "endTime"],
    });
  if (
    blackout.startDate === blackout.endDate &&
    blackout.startTime !== null &&
    blackout.endTime !== null &&
    !endAfterStart(blackout.startTime, blackout.endTime)
  )
    return ctx.reject({
      expected: "a time after startTime",
      actual: blackout.endTime,
      path: [...ctx.path, "endTime"],
    });
  return true;
});
export type BlackoutDateInput = typeof blackoutDateInput.infer;

export const blackoutDate = type({
  id: "string",
  startDate: "string",
  endDate: "string",
  startTime: "string | null",
  endTime: "string | null",
  reason: "string | null",
});
export type BlackoutDate = typeof blackoutDate.infer;

/** GET /api/availability */
export const availability = availabilityRules.merge({
  weeklySchedule,
  blackoutDates: blackoutDate.array(),
  /** The business's IANA timezone: the one every time and date above is local to (read-only here). */
  timezone: "string",
});
export type Availability = typeof availability.infer;

/**
 * GET /api/availability/slots and /api/assistant/slots: days `from`..`to` inclusive, local to the business.
 * `bookingId`: the times a move of that booking would accept (its own time free, its booked duration and
 * buffers); `serviceId` is then optional (a booking whose service was deleted still moves), else required.
 */
export const slotsQuery = type({
  "+": "reject",
  "serviceId?": "string.uuid",
  "bookingId?": "string.uuid",
  from: calendarDate,
  to: calendarDate,
});
export type SlotsRequest = typeof slotsQuery.infer;
/** A service's slots over days: what the slot finder answers (a request's booking resolved to its service). */
export type SlotsQuery = Omit<SlotsRequest, "serviceId" | "bookingId"> & { serviceId: string };

/**
 * Why a slots answer is empty (docs/spec-notes.md, "Availability API and free slots"), the first that holds:
 * the days asked are past or within the minimum notice, or after the booking horizon; they have no opening
 * hours; the service is longer than any opening; blackouts close what would fit; busy time takes the rest.
 */
export const SLOTS_EMPTY_REASONS = [
  "minimumNotice",
  "beyondHorizon",
  "closed",
  "tooLong",
  "blackout",
  "fullyBooked",
] as const;
export type SlotsEmptyReason = (typeof SLOTS_EMPTY_REASONS)[number];

/** A bookable time: ISO 8601 with the business's UTC offset at that instant. */
export const slot = type({ start: "string", end: "string" });
export type Slot = typeof slot.infer;
export const slotList = slot.array();

/** Beside a slots answer's `data`: why it is empty (null when it is not) and the horizon's last day. */
export const slotsAlongside = type({
  emptyReason: type.enumerated(...SLOTS_EMPTY_REASONS).or("null"),
  lastBookableDay: "string",
});
