import {
  type AssistantBookingChange,
  type AssistantBookingInput,
  OPEN_BOOKING_STATUSES,
} from "@shared/booking.schema";
import type { SlotFinder } from "../availability/slot-finder";
import { areOfferedStarts, isOfferedStart, type OfferQuestion } from "../availability/slot-offer";
import {
  findBookingByExternalId,
  findBookingRow,
  listCallerUpcomingBookings,
} from "../bookings/booking-lookups.repo";
import { bookedService, requestedStart, slotRefusal } from "../bookings/booking-slots";
import {
  type BookingActor,
  type BookingChange,
  type BookingToCreate,
  bookingChanged,
  type CreatedBooking,
  changeBooking,
  createBookings,
} from "../bookings/bookings-write.repo";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { BookingRow } from "../db/schema/bookings.schema";
import { createStatementBatcher } from "../db/statement-batcher";
import { Refusal } from "../refusal";

const NO_BOOKING = "No such booking";
const NO_SERVICE = "No such active service";

/** Who asks, for which business: an assistant key (our own API) or a voice platform's connection (its tools). */
export type AssistantDeskCaller = { businessId: string; timezone: string; actor: BookingActor };

/** A booking the assistant asks for, and the question whether its time is one the rules offer. */
type BookingAttempt = { question: OfferQuestion; input: BookingToCreate };

const isSlotTaken = (error: unknown) => error instanceof Refusal && error.code === "SLOT_TAKEN";

/**
 * What an assistant may do with a caller's bookings during a call — book a free slot, list the caller's
 * upcoming bookings, cancel or move one — whichever way it reaches us: our own API
 * (assistant-bookings.routes.ts) and the voice platforms' tool calls (integrations/tool-calls.ts) both come
 * here, so the booking rules, idempotency and the bookings writer's effects (outbox, Telegram, calendar) are
 * one. Refusals carry what the caller can act on (SLOT_TAKEN with nextFreeSlots, NOT_FOUND, BOOKING_STATUS…).
 */
export function createAssistantBookingDesk(
  { db, clock }: { db: Database; clock: Clock },
  findSlots: SlotFinder,
) {
  // Bookings arriving together are decided by one statement and written by another (see createBookings).
  const decide = createStatementBatcher<BookingAttempt, CreatedBooking | { offered: false | null }>(
    async (attempts) => {
      const offered = await areOfferedStarts(
        db,
        attempts.map((attempt) => attempt.question),
      );
      const toCreate = attempts.filter((_, i) => offered[i] === true);
      const created =
        toCreate.length > 0
          ? await createBookings(
              db,
              toCreate.map((a) => a.input),
            )
          : [];
      let next = 0;
      return offered.map((answer) => (answer === true ? created[next++]! : { offered: answer ?? null }));
    },
  );

  /**
   * Books a free slot: the new booking (created) or, for an externalId already booked, that booking as it is.
   * A time that is not free, or was taken meanwhile, is SLOT_TAKEN with the day's next free slots.
   */
  async function book(
    who: AssistantDeskCaller,
    body: AssistantBookingInput,
  ): Promise<{ row: BookingRow; created: boolean }> {
    const { businessId, timezone } = who;
    const start = await requestedStart(findSlots, body.startTime, {
      businessId,
      timezone,
      serviceId: body.serviceId,
    });
    const at = { businessId, timezone, serviceId: body.serviceId, start };
    const input: BookingToCreate = {
      businessId,
      actor: who.actor,
      now: clock(),
      booking: {
        source: "assistant",
        externalId: body.externalId,
        serviceId: body.serviceId,
        startTime: start,
        customerName: body.customerName,
        customerPhone: body.customerPhone,
        notes: body.notes ?? null,
        callExternalId: body.callExternalId ?? null,
      },
    };
    let offered: boolean | null = true;
    try {
      const attempt = await decide({ question: { ...at, now: input.now }, input });
      if ("row" in attempt) return { row: attempt.row, created: attempt.created };
      offered = attempt.offered;
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
    }
    // A retry answers the booking it made, even though its slot is no longer offered (it holds it, or
    // its notice has passed since): a refusal first looks for it.
    const retried = await findBookingByExternalId(db, businessId, body.externalId);
    if (retried) return { row: retried, created: false };
    if (offered === null) throw new Refusal("NOT_FOUND", NO_SERVICE, { field: "serviceId" });
    throw await slotRefusal(findSlots, at);
  }

  /** The caller's upcoming bookings (pending and confirmed), soonest first. */
  const upcoming = (who: AssistantDeskCaller, customerPhone: string) =>
    listCallerUpcomingBookings(db, who.businessId, customerPhone, clock());

  /**
   * Cancels or moves a booking of the business (spec 4's rule decides which may change); `expectedVersion`,
   * when given, must be the booking's current one (else BOOKING_CHANGED). `changed` is false for a move to the
   * time it has already, which changes nothing (changeBooking), and for a cancel of a cancelled booking. `isTheirs`, when given, says whether the one
   * asking may touch the booking (a platform's caller, only their own): any other is NOT_FOUND, as unknown as
   * another business's, so the answer tells nothing of it.
   */
  async function change(
    who: AssistantDeskCaller,
    bookingId: string,
    body:
      | { action: "cancel" }
      | Pick<Extract<AssistantBookingChange, { action: "reschedule" }>, "action" | "startTime">,
    expectedVersion: number | undefined,
    isTheirs?: (booking: BookingRow) => boolean,
  ): Promise<{ row: BookingRow; changed: boolean }> {
    const { businessId, timezone } = who;
    const booking = await findBookingRow(db, businessId, bookingId);
    if (!booking || (isTheirs && !isTheirs(booking))) throw new Refusal("NOT_FOUND", NO_BOOKING);
    // A cancel sent again (its answer lost) finds done what it asks for: answered with the booking as it is,
    // whatever version it names (it names the one before the cancel), as a booking sent again is by externalId.
    if (body.action === "cancel" && booking.status === "cancelled") return { row: booking, changed: false };
    // Stale before anything else (a slot check would answer a move made against an old read otherwise).
    if (expectedVersion !== undefined && expectedVersion !== booking.version) throw bookingChanged(booking);
    const base = {
      businessId,
      bookingId,
      actor: who.actor,
      now: clock(),
      ...(expectedVersion !== undefined && { expectedVersion }),
    };
    const changed = (row: BookingRow) => ({ row, changed: row.version !== booking.version });
    if (body.action === "cancel")
      return changed(await changeBooking(db, { ...base, event: { type: "booking.cancel" } }));
    const slotOptions = { ignoreBookingId: booking.id, service: bookedService(booking) };
    const place = { businessId, timezone, serviceId: booking.serviceId };
    const start = await requestedStart(findSlots, body.startTime, place, slotOptions);
    const event: BookingChange = { type: "booking.reschedule", startTime: start.getTime() };
    const at = { businessId, timezone, serviceId: booking.serviceId, start };
    // Only a change the rule allows is worth a look at the rules: changeBooking answers the others' 409, and
    // a move to the time it has already changes nothing (its notice may have passed since it was booked).
    // The calendar's busy times are weighed there, with the booked buffers; an overlap with another booking is
    // the exclusion constraint's to refuse (the booking's own time does not count).
    if (
      OPEN_BOOKING_STATUSES.includes(booking.status) &&
      start.getTime() !== booking.startTime.getTime() &&
      !(await isOfferedStart(db, { ...at, now: base.now, service: slotOptions.service }))
    )
      throw await slotRefusal(findSlots, at, slotOptions);
    try {
      return changed(await changeBooking(db, { ...base, event }));
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
      throw await slotRefusal(findSlots, at, slotOptions);
    }
  }

  return { book, upcoming, change };
}

export type AssistantBookingDesk = ReturnType<typeof createAssistantBookingDesk>;
