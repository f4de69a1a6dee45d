import { addCalendarDays, calendarDateAt } from "@shared/zoned-time";
import type { Executor } from "../db/database";
import { readSlotInputs } from "../repos/slot-inputs.repo";
import { offersStart } from "./slot-engine";

/** A service id that names nothing: the rules alone, for a booking whose service is gone. */
export const NO_SERVICE_ID = "00000000-0000-0000-0000-000000000000";

/** What a start is checked against: the service, or the duration a booking being moved was made with. */
export type OfferQuestion = {
  businessId: string;
  /** The timezone the caller read `start` in; the business's own, as read with the rules, decides. */
  timezone: string;
  serviceId: string | null;
  start: Date;
  now: Date;
  /** A booking moves with its own duration, whatever became of its service. */
  durationMinutes?: number;
};

/**
 * Whether the rules offer a slot at `start`: inside one weekly range of its local day, on the range's slot
 * grid, clear of blackouts, within notice and horizon — everything the free slots are made of except busy
 * time. Deciding a booking never reads the day's bookings: an overlap is the exclusion constraint's to refuse
 * (the write fails with SLOT_TAKEN), so the check is one small statement whatever the diary holds. Null when
 * the service is not an active one of the business (and no duration is given).
 */
export async function isOfferedStart(db: Executor, question: OfferQuestion): Promise<boolean | null> {
  const { businessId, start, now } = question;
  // The caller's timezone names the day give or take one; the rules' own timezone picks it below.
  const day = calendarDateAt(start, question.timezone);
  const inputs = await readSlotInputs(
    db,
    businessId,
    question.serviceId ?? NO_SERVICE_ID,
    addCalendarDays(day, -1),
    addCalendarDays(day, 1),
  );
  if (!inputs) return null;
  const durationMinutes = question.durationMinutes ?? inputs.service?.durationMinutes;
  if (durationMinutes === undefined) return null;
  const localDay = calendarDateAt(start, inputs.timezone);
  return offersStart(
    {
      timeZone: inputs.timezone,
      from: localDay,
      to: localDay,
      now,
      weeklySchedule: inputs.weeklySchedule,
      blackoutDates: inputs.blackoutDates,
      rules: inputs.rules,
      service: { durationMinutes, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
      busy: [],
    },
    start.getTime(),
  );
}
