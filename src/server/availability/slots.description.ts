import { AVAILABILITY_LIMITS, SLOTS_EMPTY_REASONS } from "@shared/availability.schema";

/** The rules of GET …/slots, for both callers' documentation (docs/spec-notes.md, "Free slots"). */
export const SLOTS_DESCRIPTION =
  `Days from..to (YYYY-MM-DD, inclusive, at most ${AVAILABILITY_LIMITS.slotDaysMax}) in the business's ` +
  "timezone. Each slot is [start, end) in ISO 8601 with the business's UTC offset at that instant, in time " +
  "order. Open time is the union of the weekly schedule's ranges (ranges that touch, also across midnight, " +
  "are one stretch) less the blackouts; a slot's appointment lies wholly in open time, its start on the " +
  "slot-step grid counted from the start of the range it falls in, at least the minimum notice from now and " +
  "on or before lastBookableDay (today on the business's calendar plus the booking horizon, whole days), and " +
  "with the service's buffers (its own, else the business's) around it overlaps no taken time. On the nights " +
  "clocks change, a range's end that does not exist is the moment the clocks jump past it and one that happens " +
  "twice is its first occurrence; durations are real minutes. Beside data: emptyReason, why the answer is " +
  `empty (${SLOTS_EMPTY_REASONS.join(", ")}; null when it is not), and lastBookableDay. An answer holds at most ` +
  `${AVAILABILITY_LIMITS.slotsPerAnswerMax} slots, the first ones; when the days asked hold more, it says so ` +
  "with X-Slots-Truncated: true (ask again from the day of its last slot for the rest). An unknown, inactive " +
  "or other business's service is 404; a reversed or too long range is 400. With bookingId (a pending or " +
  "confirmed booking of the business) the slots are the starts a move of that booking would accept: its own " +
  "time counts as free and its booked duration and buffers are used, whatever became of its service since; " +
  "serviceId may then be left out (if given it must be the booking's). An unknown or other business's " +
  "booking is 404, a completed or cancelled one 409 BOOKING_STATUS. Without bookingId, serviceId is required " +
  "(400 naming it).";
