import {
  assistantBooking,
  assistantBookingChange,
  assistantBookingInput,
  assistantBookingQuery,
} from "@shared/booking.schema";
import { readExpectedVersion } from "../bookings/booking-version";
import { toAssistantBooking } from "../bookings/booking-views";
import { assistantActor } from "../bookings/who-changed-booking";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps, AssistantContext } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { ok } from "../http/respond";
import type { AssistantBookingDesk } from "./assistant-booking-desk";
import {
  assistantBookingChangeExample,
  assistantBookingExample,
  assistantBookingInputExample,
} from "./assistant-bookings.examples";

const NO_BOOKING = "No such booking";

/**
 * The assistant books, lists and changes a caller's bookings during the call (X-Api-Key, the key's business
 * only). A time must be one of the free slots GET /api/assistant/slots offers; a refused one carries the
 * day's next free slots so the assistant can offer them at once. The rules are the desk's
 * (assistant-booking-desk.ts), which the voice platforms' tool calls share.
 */
export function assistantBookingsRoutes(
  { db }: Pick<AppDeps, "db">,
  guards: RouteGuards,
  desk: AssistantBookingDesk,
) {
  const router = new ApiRouter("/api/assistant/bookings", guards);
  const caller = async (assistant: AssistantContext) => ({
    businessId: assistant.businessId,
    timezone: assistant.timezone,
    actor: await assistantActor(db, assistant),
  });

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
      const { row, created } = await desk.book(await caller(assistant), body);
      return ok(c, toAssistantBooking(row, assistant.timezone), created ? 201 : 200);
    },
  );

  router.add(
    {
      method: "get",
      path: "/",
      summary: "A caller's upcoming bookings (pending and confirmed), soonest first",
      description:
        "customerPhone compared by its digits, as the privacy desk compares numbers: spaces, dashes, brackets " +
        "and a leading + or 00 do not count, so +48 600 100 200 finds a booking made with 0048600100200 (a " +
        "number written without its country code is another number; one with no digit finds none). Bookings " +
        "that start from now on, at most 20.",
      auth: "assistantKey",
      query: assistantBookingQuery,
      response: assistantBooking.array(),
      examples: { query: { customerPhone: "+15551234567" }, response: [assistantBookingExample] },
      errors: [],
    },
    async (c, { query }) => {
      const assistant = c.get("assistant");
      const rows = await desk.upcoming(await caller(assistant), query.customerPhone);
      return ok(
        c,
        rows.map((row) => toAssistantBooking(row, assistant.timezone)),
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
        "(the booking's own time counts as free); else 409 SLOT_TAKEN with error.nextFreeSlots. A reschedule " +
        "to the time the booking has already changes nothing (answered as it is: same status and version, " +
        "nobody notified). A cancel of a booking already cancelled is answered 200 with it as it is, whatever " +
        "version it names: a cancel sent again after its answer was lost is not refused. 404 for an id that is " +
        "not a booking of the key's business.",
      auth: "assistantKey",
      body: assistantBookingChange,
      response: assistantBooking,
      examples: { body: assistantBookingChangeExample, response: assistantBookingExample },
      errors: ["NOT_FOUND", "BOOKING_CHANGED", "BOOKING_STATUS", "SLOT_TAKEN"],
    },
    async (c, { body }) => {
      const assistant = c.get("assistant");
      const bookingId = readIdParam(c, NO_BOOKING);
      const expectedVersion = readExpectedVersion(c, body.version);
      const { row } = await desk.change(await caller(assistant), bookingId, body, expectedVersion);
      return ok(c, toAssistantBooking(row, assistant.timezone));
    },
  );

  return router;
}
