import { AVAILABILITY_LIMITS, type SlotsQuery } from "@shared/availability.schema";
import { addCalendarDays } from "@shared/zoned-time";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { createStatementBatcher } from "../db/statement-batcher";
import { Refusal, unauthenticated } from "../refusal";
import { offeredSlots, RUN_ON_DAYS, type SlotAnswer, type SlotService } from "./slot-engine";
import { readSlotInputsOf, type SlotInputsQuestion, slotServiceOf } from "./slot-inputs.repo";

const NO_SERVICE = "No such active service";

const invalid = (message: string, field: string) => new Refusal("VALIDATION", message, { field });

/** Days `from`..`to`, both included. */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * `ignoreBookingId`: the slots as if that booking did not hold its time (to move it); `service`: the slots of
 * these duration and buffers instead of the service's own (a booking moves with what it was booked for).
 */
export type SlotFinderOptions = { ignoreBookingId?: string; service?: SlotService };

/** One more than an answer holds: the routes tell a cut answer from a full one (see slots-answer.ts). */
const LIMIT = AVAILABILITY_LIMITS.slotsPerAnswerMax + 1;

/**
 * The free slots of a business's service, as staff preview them and the assistant offers them: one answer,
 * read afresh from the database every time (the same on the embedded database and on PostgreSQL) by one
 * statement — rules, service, week, blackouts and the bookings' busy time together.
 */
export function createSlotFinder({ db, clock }: { db: Database; clock: Clock }) {
  // Requests arriving together read theirs with one statement.
  const readInputs = createStatementBatcher((questions: SlotInputsQuestion[]) =>
    readSlotInputsOf(db, questions),
  );
  return async function findSlots(
    businessId: string,
    query: SlotsQuery,
    options: SlotFinderOptions = {},
  ): Promise<SlotAnswer> {
    if (query.to < query.from) throw invalid("to must be on or after from", "to");
    if (daysBetween(query.from, query.to) > AVAILABILITY_LIMITS.slotDaysMax)
      throw invalid(`from..to may cover at most ${AVAILABILITY_LIMITS.slotDaysMax} days`, "to");
    // An appointment may run on past the last day asked into the next days' opening hours.
    const runsUntil = addCalendarDays(query.to, RUN_ON_DAYS);
    const inputs = await readInputs({
      businessId,
      serviceId: query.serviceId,
      from: query.from,
      to: runsUntil,
      busy: { ignoreBookingId: options.ignoreBookingId },
    });
    if (!inputs) throw unauthenticated();
    const { timezone, rules } = inputs;
    const resolved = options.service ?? slotServiceOf(inputs);
    if (!resolved) throw new Refusal("NOT_FOUND", NO_SERVICE, { field: "serviceId" });
    return offeredSlots({
      timeZone: timezone,
      from: query.from,
      to: query.to,
      now: clock(),
      weeklySchedule: inputs.weeklySchedule,
      blackoutDates: inputs.blackoutDates,
      rules,
      service: resolved,
      busy: inputs.busy,
      limit: LIMIT,
    });
  };
}

export type SlotFinder = ReturnType<typeof createSlotFinder>;
