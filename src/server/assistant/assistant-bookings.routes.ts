import {
  assistantBooking,
  assistantBookingChange,
  assistantBookingInput,
  assistantBookingQuery,
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
import { readExpectedVersion } from "../bookings/booking-version";
import { toAssistantBooking } from "../bookings/booking-views";
import {
  type BookingChange,
  type BookingToCreate,
  bookingChanged,
  type CreatedBooking,
  changeBooking,
  createBookings,
} from "../bookings/bookings-write.repo";
import { assistantActor } from "../bookings/who-changed-booking";
import { createStatementBatcher } from "../db/statement-batcher";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { ok } from "../http/respond";
import { Refusal } from "../refusal";
import {
  assistantBookingChangeExample,
  assistantBookingExample,
  assistantBookingInputExample,
} from "./assistant-bookings.examples";

const NO_BOOKING = "No such booking";
const NO_SERVICE = "No such active service";

/** A booking the assistant asks for, and the question whether its time is one the rules offer. */
type BookingAttempt = { question: OfferQuestion; input: BookingToCreate };

const isSlotTaken = (error: unknown) => error instanceof Refusal && error.code === "SLOT_TAKEN";

/**
 * The assistant books, lists and changes a caller's bookings during the call (X-Api-Key, the key's business
 * only). A time must be one of the free slots GET /api/assistant/slots offers; a refused one carries the
 * day's next free slots so the assistant can offer them at once.
 */
export function assistantBookingsRoutes(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  guards: RouteGuards,
  findSlots: SlotFinder,
) {
  const router = new ApiRouter("/api/assistant/bookings", guards);
  // Bookings arriving together are decided by one statement and written by another (see createBookings).
  const book = createStatementBatcher<BookingAttempt, CreatedBooking | { offered: false | null }>(
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

  router.add(
    {
      method: "post",
      path: "/",
      summary: "Book a caller into a free slot (idempotent per externalId)",
      description:
        "startTime must be the start of one of the free slots GET /api/assistant/slots offers for the service " +
        "(ISO 8601; without an offset it is read in the business's timezone, and a time its clocks skip or show " +
        "twice is 400 naming startTime, with error.nextFreeSlots). Answers 201 with the new " +
        "booking (status pending); a retry with an externalId already booked answers 200 with that booking, " +
        "unchanged, whatever the retry says. A time that is not free, or was taken meanwhile, is 409 " +
        "SLOT_TAKEN with error.nextFreeSlots: up to 5 free slot starts of that day after it (the day's " +
        "earliest when none is later). callExternalId links the call of that externalId when the business " +
        "has it, or when it is reported later. 404 for a service that is not an active one of the business.",
      auth: "assistantKey",
      body: assistantBookingInput,
      response: assistantBooking,
      status: [201, 200],
      examples: { body: assistantBookingInputExample, response: assistantBookingExample },
      errors: ["NOT_FOUND", "SLOT_TAKEN"],
    },
    async (c, { body }) => {
      const assistant = c.get("assistant");
      const { businessId, timezone } = assistant;
      const start = await requestedStart(findSlots, body.startTime, {
        businessId,
        timezone,
        serviceId: body.serviceId,
      });
      const at = { businessId, timezone, serviceId: body.serviceId, start };
      const input: BookingToCreate = {
        businessId,
        actor: await assistantActor(db, assistant),
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
        const attempt = await book({ question: { ...at, now: input.now }, input });
        if ("row" in attempt)
          return ok(c, toAssistantBooking(attempt.row, timezone), attempt.created ? 201 : 200);
        offered = attempt.offered;
      } catch (error) {
        if (!isSlotTaken(error)) throw error;
      }
      // A retry answers the booking it made, even though its slot is no longer offered (it holds it, or
      // its notice has passed since): a refusal first looks for it.
      const retried = await findBookingByExternalId(db, businessId, body.externalId);
      if (retried) return ok(c, toAssistantBooking(retried, timezone), 200);
      if (offered === null) throw new Refusal("NOT_FOUND", NO_SERVICE, { field: "serviceId" });
      throw await slotRefusal(findSlots, at);
    },
  );

  router.add(
    {
      method: "get",
      path: "/",
      summary: "A caller's upcoming bookings (pending and confirmed), soonest first",
      description:
        "customerPhone as the booking was made with it (compared exactly, after trimming). Bookings that start " +
        "from now on, at most 20.",
      auth: "assistantKey",
      query: assistantBookingQuery,
      response: assistantBooking.array(),
      examples: { query: { customerPhone: "+15551234567" }, response: [assistantBookingExample] },
      errors: [],
    },
    async (c, { query }) => {
      const { businessId, timezone } = c.get("assistant");
      const rows = await listCallerUpcomingBookings(db, businessId, query.customerPhone, clock());
      return ok(
        c,
        rows.map((row) => toAssistantBooking(row, timezone)),
      );
    },
  );

  router.add(
    {
      method: "put",
      path: "/:id",
      summary: "Cancel or reschedule a booking (the caller asks to)",
      description:
        "{ action: 'cancel' } or { action: 'reschedule', startTime }, each with an optional version: the " +
        "booking's version as the assistant last read it (If-Match is read the same way). A stale one is 409 " +
        "BOOKING_CHANGED with error.currentStatus (read the caller's bookings again); without it the change " +
        "applies to the current version. Spec 4's rule decides: only pending and " +
        "confirmed bookings change, else 409 BOOKING_STATUS with error.currentStatus. A reschedule keeps the " +
        "booked duration, sets the status back to pending, and must start at a free slot for that duration " +
        "(the booking's own time counts as free); else 409 SLOT_TAKEN with error.nextFreeSlots. 404 for an id " +
        "that is not a booking of the key's business.",
      auth: "assistantKey",
      body: assistantBookingChange,
      response: assistantBooking,
      examples: { body: assistantBookingChangeExample, response: assistantBookingExample },
      errors: ["NOT_FOUND", "BOOKING_CHANGED", "BOOKING_STATUS", "SLOT_TAKEN"],
    },
    async (c, { body }) => {
      const assistant = c.get("assistant");
      const { businessId, timezone } = assistant;
      const bookingId = readIdParam(c, NO_BOOKING);
      const expectedVersion = readExpectedVersion(c, body.version);
      const booking = await findBookingRow(db, businessId, bookingId);
      if (!booking) throw new Refusal("NOT_FOUND", NO_BOOKING);
      // Stale before anything else (a slot check would answer a move made against an old read otherwise).
      if (expectedVersion !== undefined && expectedVersion !== booking.version) throw bookingChanged(booking);
      const change = {
        businessId,
        bookingId,
        actor: await assistantActor(db, assistant),
        now: clock(),
        ...(expectedVersion !== undefined && { expectedVersion }),
      };
      if (body.action === "cancel") {
        const row = await changeBooking(db, { ...change, event: { type: "booking.cancel" } });
        return ok(c, toAssistantBooking(row, timezone));
      }
      const slotOptions = { ignoreBookingId: booking.id, service: bookedService(booking) };
      const place = { businessId, timezone, serviceId: booking.serviceId };
      const start = await requestedStart(findSlots, body.startTime, place, slotOptions);
      const event: BookingChange = { type: "booking.reschedule", startTime: start.getTime() };
      const at = { businessId, timezone, serviceId: booking.serviceId, start };
      // Only a change the rule allows is worth a look at the rules: changeBooking answers the others' 409.
      // An overlap is the exclusion constraint's to refuse (the booking's own time does not count).
      if (
        OPEN_BOOKING_STATUSES.includes(booking.status) &&
        !(await isOfferedStart(db, { ...at, now: change.now, durationMinutes: booking.durationMinutes }))
      )
        throw await slotRefusal(findSlots, at, slotOptions);
      try {
        const row = await changeBooking(db, { ...change, event });
        return ok(c, toAssistantBooking(row, timezone));
      } catch (error) {
        if (!isSlotTaken(error)) throw error;
        throw await slotRefusal(findSlots, at, slotOptions);
      }
    },
  );

  return router;
}
