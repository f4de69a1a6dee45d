import { SUGGESTED_SLOTS_COUNT } from "@shared/booking.constants";
import { calendarDateAt } from "@shared/zoned-time";
import type { SlotFinder, SlotFinderOptions } from "../availability/slot-finder";
import { NO_SERVICE_ID } from "../availability/slot-offer";
import type { BookingRow } from "../db/schema/bookings.schema";
import { Refusal } from "../refusal";
import { readStartTime } from "./booking-start-time";

/** A time asked for a service (null: a booking's own snapshot, its service gone) on the business's clock. */
type SlotQuestion = { businessId: string; timezone: string; serviceId: string | null; start: Date };

/**
 * The free slots of `start`'s local day that start after it (the day's earliest when none is later), up to
 * SUGGESTED_SLOTS_COUNT: what a refusal offers instead. Only a refusal reads the day's slots; deciding a
 * booking does not (see isOfferedStart).
 */
async function nextFreeSlotsOf(
  findSlots: SlotFinder,
  at: SlotQuestion,
  options: SlotFinderOptions,
  { withStart = false } = {},
): Promise<string[]> {
  const day = calendarDateAt(at.start, at.timezone);
  const { slots } = await findSlots(
    at.businessId,
    { serviceId: at.serviceId ?? NO_SERVICE_ID, from: day, to: day },
    options,
  );
  const start = at.start.getTime();
  const later = slots.filter(
    (slot) => Date.parse(slot.start) > start || (withStart && Date.parse(slot.start) === start),
  );
  return (later.length > 0 ? later : slots).slice(0, SUGGESTED_SLOTS_COUNT).map((slot) => slot.start);
}

const REFUSALS = {
  SLOT_TAKEN:
    "That time is not a free slot (or was just taken); nextFreeSlots lists the day's next free ones",
  OUTSIDE_HOURS: "That time is outside the opening hours; send outsideHours: true to book it anyway",
} as const;

async function refusal(
  code: keyof typeof REFUSALS,
  findSlots: SlotFinder,
  at: SlotQuestion,
  options: SlotFinderOptions,
): Promise<Refusal> {
  const nextFreeSlots = await nextFreeSlotsOf(findSlots, at, options);
  return new Refusal(code, REFUSALS[code], { field: "startTime", nextFreeSlots });
}

/**
 * The 400 of a start time that names no instant (the business's clocks skip it or show it twice), naming
 * startTime, with the free slots of that day from `at.start` on (the jump, or the first of the two), as a
 * taken time offers them.
 */
export async function startTimeRefusal(
  findSlots: SlotFinder,
  at: SlotQuestion,
  problem: string,
  options: SlotFinderOptions = {},
): Promise<Refusal> {
  const nextFreeSlots = await nextFreeSlotsOf(findSlots, at, options, { withStart: true });
  return new Refusal("VALIDATION", problem, { field: "startTime", nextFreeSlots });
}

/**
 * The instant a booking's requested start names (see readStartTime); a wall time the business's clocks skip
 * or show twice is refused with the free slots around it (startTimeRefusal).
 */
export async function requestedStart(
  findSlots: SlotFinder,
  text: string,
  place: Omit<SlotQuestion, "start">,
  options: SlotFinderOptions = {},
): Promise<Date> {
  const placed = readStartTime(text, place.timezone);
  if ("problem" in placed)
    throw await startTimeRefusal(findSlots, { ...place, start: placed.near }, placed.problem, options);
  return placed.instant;
}

/** The 409 of a time that is not (or no longer) free, with the day's next free slots to offer instead. */
export const slotRefusal = (findSlots: SlotFinder, at: SlotQuestion, options: SlotFinderOptions = {}) =>
  refusal("SLOT_TAKEN", findSlots, at, options);

/** The 409 of a staff time outside the opening hours that staff have not confirmed, with free times instead. */
export const outsideHoursRefusal = (
  findSlots: SlotFinder,
  at: SlotQuestion,
  options: SlotFinderOptions = {},
) => refusal("OUTSIDE_HOURS", findSlots, at, options);

/** The duration and buffers a booking was made with: a move keeps them, whatever became of its service. */
export const bookedService = (row: BookingRow) => ({
  durationMinutes: row.durationMinutes,
  bufferBeforeMinutes: row.bufferBeforeMinutes,
  bufferAfterMinutes: row.bufferAfterMinutes,
});
