import { SUGGESTED_SLOTS_COUNT } from "@shared/booking.constants";
import { calendarDateAt } from "@shared/zoned-time";
import type { SlotFinder, SlotFinderOptions } from "../availability/slot-finder";
import type { BookingRow } from "../db/schema/bookings.schema";
import { ApiError } from "../http/api-error";
import { NO_SERVICE_ID } from "../repos/slot-inputs.repo";

export type SlotCheck = { offered: boolean; nextFreeSlots: string[] };

/**
 * Whether `start` is one of the free slots offered on its local day, and that day's next free slot starts
 * after it (the earliest of the day when none is later), up to SUGGESTED_SLOTS_COUNT.
 */
export async function checkSlot(
  findSlots: SlotFinder,
  at: { businessId: string; timezone: string; serviceId: string | null; start: Date },
  options: SlotFinderOptions = {},
): Promise<SlotCheck> {
  const day = calendarDateAt(at.start, at.timezone);
  const slots = await findSlots(
    at.businessId,
    // A booking whose service is gone is asked about with its own snapshot (options.service).
    { serviceId: at.serviceId ?? NO_SERVICE_ID, from: day, to: day },
    options,
  );
  const start = at.start.getTime();
  const later = slots.filter((slot) => Date.parse(slot.start) > start);
  return {
    offered: slots.some((slot) => Date.parse(slot.start) === start),
    nextFreeSlots: (later.length > 0 ? later : slots).slice(0, SUGGESTED_SLOTS_COUNT).map((s) => s.start),
  };
}

/** The 409 of a time that is not (or no longer) free, with what to offer instead. */
export const slotTakenWith = (nextFreeSlots: string[]) =>
  new ApiError(
    409,
    "SLOT_TAKEN",
    "That time is not a free slot (or was just taken); nextFreeSlots lists the day's next free ones",
    {},
    "startTime",
    { nextFreeSlots },
  );

/** The 409 of a staff time outside the opening hours that staff have not confirmed, with free times instead. */
export const outsideHoursWith = (nextFreeSlots: string[]) =>
  new ApiError(
    409,
    "OUTSIDE_HOURS",
    "That time is outside the opening hours; send outsideHours: true to book it anyway",
    {},
    "startTime",
    { nextFreeSlots },
  );

/** The duration and buffers a booking was made with: a move keeps them, whatever became of its service. */
export const bookedService = (row: BookingRow) => ({
  durationMinutes: row.durationMinutes,
  bufferBeforeMinutes: row.bufferBeforeMinutes,
  bufferAfterMinutes: row.bufferAfterMinutes,
});
