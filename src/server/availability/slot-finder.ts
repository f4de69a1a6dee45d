import { PGlite } from "@electric-sql/pglite";
import { AVAILABILITY_LIMITS, type Slot, type SlotsQuery } from "@shared/availability.schema";
import { addCalendarDays, startOfCalendarDate } from "@shared/zoned-time";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { createStatementBatcher } from "../db/statement-batcher";
import { ApiError, unauthenticated } from "../http/api-error";
import { readKeptSlotInputsOf, type SlotInputsQuestion } from "../repos/slot-inputs.repo";
import type { BusyIntervalSource } from "./busy-intervals";
import { createDaySlotsCache } from "./day-slots-cache";
import { daySlots, offeredSlots, type SlotService, slotWindowOf } from "./slot-engine";

const MINUTE_MS = 60_000;
const NO_SERVICE = "No such active service";

const invalid = (message: string, field: string) => new ApiError(400, "VALIDATION", message, {}, field);

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
 * The free slots of a business's service, as staff preview them and the assistant offers them: one answer.
 * On the embedded database a question's slots are kept until the business's data changes (day-slots-cache.ts):
 * the assistant asks for the same month again and again between bookings, and an unchanged answer comes back
 * as the same array, which the routes send as the same prepared body. A booking being moved, or slots of
 * another duration, are computed every time.
 */
export function createSlotFinder({
  db,
  clock,
  busy,
}: {
  db: Database;
  clock: Clock;
  busy: BusyIntervalSource;
}) {
  // Requests arriving together read their rules with one statement (none when kept: a booking is no input).
  const readInputs = createStatementBatcher((questions: SlotInputsQuestion[]) =>
    readKeptSlotInputsOf(db, questions),
  );
  const client = db.$client instanceof PGlite ? db.$client : null;
  const kept = createDaySlotsCache();
  return async function findSlots(
    businessId: string,
    query: SlotsQuery,
    options: SlotFinderOptions = {},
  ): Promise<readonly Slot[]> {
    if (query.to < query.from) throw invalid("to must be on or after from", "to");
    if (daysBetween(query.from, query.to) > AVAILABILITY_LIMITS.slotDaysMax)
      throw invalid(`from..to may cover at most ${AVAILABILITY_LIMITS.slotDaysMax} days`, "to");
    const keeps = client !== null && !options.ignoreBookingId && !options.service;
    const question = { businessId, ...query, now: clock(), limit: LIMIT };
    const known = keeps ? kept.find(client, question) : undefined;
    if (known) return known;
    const mark = kept.mark();
    const inputs = await readInputs({
      businessId,
      serviceId: query.serviceId,
      from: query.from,
      to: query.to,
    });
    if (!inputs) throw unauthenticated();
    const { timezone, rules, service } = inputs;
    if (!service && !options.service) throw new ApiError(404, "NOT_FOUND", NO_SERVICE);
    const resolved = options.service ?? {
      durationMinutes: service!.durationMinutes,
      bufferBeforeMinutes: service!.bufferBeforeMinutes ?? rules.bufferBeforeMinutes,
      bufferAfterMinutes: service!.bufferAfterMinutes ?? rules.bufferAfterMinutes,
    };
    const taken = await busy(
      businessId,
      {
        start: new Date(
          startOfCalendarDate(query.from, timezone).getTime() - resolved.bufferBeforeMinutes * MINUTE_MS,
        ),
        end: new Date(
          startOfCalendarDate(addCalendarDays(query.to, 1), timezone).getTime() +
            resolved.bufferAfterMinutes * MINUTE_MS,
        ),
      },
      { ignoreBookingId: options.ignoreBookingId },
    );
    const request = {
      timeZone: timezone,
      from: query.from,
      to: query.to,
      now: question.now,
      weeklySchedule: inputs.weeklySchedule,
      blackoutDates: inputs.blackoutDates,
      rules,
      service: resolved,
      busy: taken,
      limit: LIMIT,
    };
    if (!keeps) return offeredSlots(request);
    const window = slotWindowOf(request);
    const slots = daySlots(request, window);
    const { firstDay, lastDay } = window;
    return kept.keep(client, mark, question, { timezone, rules, firstDay, lastDay, slots }, window);
  };
}

export type SlotFinder = ReturnType<typeof createSlotFinder>;
