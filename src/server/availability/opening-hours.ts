import { addCalendarDays, calendarDateAt } from "@shared/zoned-time";
import type { Executor } from "../db/database";
import { offersStart, RUN_ON_DAYS } from "./slot-engine";
import { readSlotInputs } from "./slot-inputs.repo";
import { NO_SERVICE_ID } from "./slot-offer";

const MINUTE_MS = 60_000;

/**
 * Whether an appointment of the service (or of `durationMinutes`, a booking's own, whatever became of its
 * service) from `start` lies wholly in open time (opening hours, joined where ranges touch, less blackouts):
 * the slot rule without its grid, notice, horizon or busy time (staff book any minute, at any notice; an overlap
 * is the exclusion constraint's to refuse). Seconds are not looked at. Null when the service is not an active
 * one of the business.
 */
export async function isWithinOpeningHours(
  db: Executor,
  at: { businessId: string; timezone: string; start: Date } & (
    | { serviceId: string }
    | { durationMinutes: number }
  ),
): Promise<boolean | null> {
  const start = Math.floor(at.start.getTime() / MINUTE_MS) * MINUTE_MS;
  const day = calendarDateAt(new Date(start), at.timezone);
  const serviceId = "serviceId" in at ? at.serviceId : NO_SERVICE_ID;
  const inputs = await readSlotInputs(db, at.businessId, serviceId, day, addCalendarDays(day, RUN_ON_DAYS));
  const durationMinutes = "durationMinutes" in at ? at.durationMinutes : inputs?.service?.durationMinutes;
  if (!inputs || durationMinutes === undefined) return null;
  const request = {
    timeZone: inputs.timezone,
    from: day,
    to: day,
    now: new Date(start),
    weeklySchedule: inputs.weeklySchedule,
    blackoutDates: inputs.blackoutDates,
    rules: { minimumNoticeMinutes: 0, bookingHorizonDays: 2, slotStepMinutes: 1 },
    service: {
      durationMinutes,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
    },
    busy: [],
  };
  return offersStart(request, start);
}
