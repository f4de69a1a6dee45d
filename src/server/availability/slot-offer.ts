import { addCalendarDays, calendarDateAt } from "@shared/zoned-time";
import type { Executor } from "../db/database";
import { offersStart, RUN_ON_DAYS, type SlotService } from "./slot-engine";
import { readSlotInputsOf, slotServiceOf } from "./slot-inputs.repo";

/** A service id that names nothing: the rules alone, for a booking whose service is gone. */
export const NO_SERVICE_ID = "00000000-0000-0000-0000-000000000000";

/** What a start is checked against: the service, or the duration and buffers a booking being moved was made with. */
export type OfferQuestion = {
  businessId: string;
  /** The timezone the caller read `start` in; the business's own, as read with the rules, decides. */
  timezone: string;
  serviceId: string | null;
  start: Date;
  now: Date;
  /** A booking moves with its own duration and buffers, whatever became of its service. */
  service?: SlotService;
};

/**
 * Whether the rules offer a slot at `start`: on the slot grid of the weekly range it starts in, its appointment
 * wholly in open time (opening hours less blackouts), within notice and horizon, its buffers clear of the
 * Google Calendar's busy times — everything the free slots are made of but the bookings' busy time. Deciding a
 * booking never reads the day's bookings: an overlap is the exclusion constraint's to refuse (the write fails
 * with SLOT_TAKEN), so the check is one small statement whatever the diary holds; the calendar's busy times
 * are no booking's, so no constraint holds them and the check reads the few of those days. Null when the
 * service is not an active one of the business (and no booked service is given).
 */
export async function isOfferedStart(db: Executor, question: OfferQuestion): Promise<boolean | null> {
  const [offered] = await areOfferedStarts(db, [question]);
  return offered ?? null;
}

/**
 * isOfferedStart for many questions, their rules read by one statement (bookings arriving together).
 */
export async function areOfferedStarts(
  db: Executor,
  questions: readonly OfferQuestion[],
): Promise<(boolean | null)[]> {
  // The caller's timezone names the day give or take one; the rules' own timezone picks it below.
  const days = questions.map((q) => calendarDateAt(q.start, q.timezone));
  const inputs = await readSlotInputsOf(
    db,
    questions.map((q, i) => ({
      businessId: q.businessId,
      serviceId: q.serviceId ?? NO_SERVICE_ID,
      from: addCalendarDays(days[i]!, -1),
      to: addCalendarDays(days[i]!, 1 + RUN_ON_DAYS),
      busy: { calendarOnly: true },
    })),
  );
  return questions.map((question, i) => {
    const found = inputs[i];
    if (!found) return null;
    const service = question.service ?? slotServiceOf(found);
    if (!service) return null;
    const localDay = calendarDateAt(question.start, found.timezone);
    return offersStart(
      {
        timeZone: found.timezone,
        from: localDay,
        to: localDay,
        now: question.now,
        weeklySchedule: found.weeklySchedule,
        blackoutDates: found.blackoutDates,
        rules: found.rules,
        service,
        busy: found.busy,
      },
      question.start.getTime(),
    );
  });
}
