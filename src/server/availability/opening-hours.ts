import { calendarDateAt } from "@shared/zoned-time";
import type { Executor } from "../db/database";
import { readSlotInputs } from "../repos/slot-inputs.repo";
import { offeredSlots } from "./slot-engine";

const MINUTE_MS = 60_000;

/**
 * Whether an appointment of the service from `start` lies within one opening range of its local day and
 * clear of that day's blackouts: the slot rule without its grid, notice, horizon or busy time (staff book any
 * minute, at any notice; an overlap is the exclusion constraint's to refuse). Seconds are not looked at.
 * Null when the service is not an active one of the business.
 */
export async function isWithinOpeningHours(
  db: Executor,
  at: { businessId: string; timezone: string; serviceId: string; start: Date },
): Promise<boolean | null> {
  const start = Math.floor(at.start.getTime() / MINUTE_MS) * MINUTE_MS;
  const day = calendarDateAt(new Date(start), at.timezone);
  const inputs = await readSlotInputs(db, at.businessId, at.serviceId, day, day);
  if (!inputs?.service) return null;
  const [first] = offeredSlots({
    timeZone: inputs.timezone,
    from: day,
    to: day,
    now: new Date(start),
    weeklySchedule: inputs.weeklySchedule,
    blackoutDates: inputs.blackoutDates,
    rules: { minimumNoticeMinutes: 0, bookingHorizonDays: 2, slotStepMinutes: 1 },
    service: {
      durationMinutes: inputs.service.durationMinutes,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
    },
    busy: [],
  });
  return first !== undefined && Date.parse(first.start) === start;
}
