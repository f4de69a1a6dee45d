import {
  type BookingStatus,
  booking,
  bookingCreate,
  bookingUpdate,
  OPEN_BOOKING_STATUSES,
} from "@shared/booking.schema";
import type { Context } from "hono";
import { isWithinOpeningHours } from "../availability/opening-hours";
import type { SlotFinder } from "../availability/slot-finder";
import { findBusinessTimezone } from "../company/businesses.repo";
import type { BookingRow } from "../db/schema/bookings.schema";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { ok } from "../http/respond";
import { Refusal, unauthenticated } from "../refusal";
import {
  bookingCreateExample,
  bookingUpdateExample,
  changedBookingExample,
} from "./booking-changes.examples";
import { findBookingRow } from "./booking-lookups.repo";
import {
  bookedService,
  outsideHoursRefusal,
  requestedStart,
  slotRefusal,
  startTimeRefusal,
} from "./booking-slots";
import { readStartTime } from "./booking-start-time";
import { readIfMatch } from "./booking-version";
import { toBooking } from "./booking-views";
import { type BookingChange, bookingChanged, changeBooking, createBooking } from "./bookings-write.repo";
import { staffActor } from "./who-changed-booking";

const NO_BOOKING = "No such booking";
const ETAG = "The booking's version, quoted: send it back as If-Match";

/** Spec 7's PUT body read as the machine's event: the status asked for names the action. */
function eventOf(status: BookingStatus, start: Date | null): BookingChange | null {
  switch (status) {
    case "confirmed":
      return { type: "booking.confirm" };
    case "completed":
      return { type: "booking.complete" };
    case "cancelled":
      return { type: "booking.cancel" };
    case "pending":
      return start ? { type: "booking.reschedule", startTime: start.getTime() } : null;
  }
}

const answer = (c: Context, row: BookingRow, status: 200 | 201 = 200) => {
  c.header("ETag", `"${row.version}"`);
  return ok(c, toBooking(row), status);
};

/** Staff change and add bookings (the reads are bookings.routes.ts): every change through spec 4's rule. */
export function bookingChangesRoutes(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  guards: RouteGuards,
  findSlots: SlotFinder,
) {
  const router = new ApiRouter("/api/bookings", guards);

  const timezoneOf = async (businessId: string) => {
    const timezone = await findBusinessTimezone(db, businessId);
    if (!timezone) throw unauthenticated();
    return timezone;
  };

  /**
   * A move outside the opening hours needs staff's confirmation, as a new booking does: 409 OUTSIDE_HOURS with
   * the day's free times. Only for a move the rule would make (changeBooking answers the others' 409s).
   */
  const refuseMoveOutsideHours = async (move: {
    businessId: string;
    bookingId: string;
    timezone: string;
    start: Date;
    expectedVersion: number | undefined;
  }) => {
    const { businessId, timezone, start, expectedVersion } = move;
    const row = await findBookingRow(db, businessId, move.bookingId);
    if (!row || !OPEN_BOOKING_STATUSES.includes(row.status)) return;
    if (expectedVersion !== undefined && expectedVersion !== row.version) return;
    // A move to the time it has already changes nothing (changeBooking), wherever that time lies.
    if (row.startTime.getTime() === start.getTime()) return;
    const within = await isWithinOpeningHours(db, {
      businessId,
      timezone,
      start,
      durationMinutes: row.durationMinutes,
    });
    if (within) return;
    throw await outsideHoursRefusal(
      findSlots,
      { businessId, timezone, serviceId: row.serviceId, start },
      { ignoreBookingId: row.id, service: bookedService(row) },
    );
  };

  router.add(
    {
      method: "put",
      path: "/:id",
      summary: "Confirm, complete, cancel or reschedule a booking (spec 7)",
      description:
        "status names the action: confirmed → confirm, completed → complete, cancelled → cancel, pending with " +
        "startTime → reschedule (to that start, keeping the booked duration; endTime is accepted and ignored). " +
        "startTime is ignored with any other status. Spec 4's rule decides: a change it does not allow " +
        "(pending without startTime, the status the booking already has, anything from completed or " +
        "cancelled) is 409 BOOKING_STATUS with error.currentStatus; completing before the appointment's start " +
        "(by the server's clock) is 409 BOOKING_NOT_STARTED, its message naming the start. If-Match (optional) is the version the " +
        "change was made against (the ETag of the booking); a stale one is 409 BOOKING_CHANGED with " +
        "error.currentStatus; without it the change applies to the current version. A reschedule into time " +
        "another booking holds (any status but cancelled, buffers included) is 409 SLOT_TAKEN with " +
        "error.nextFreeSlots. A move outside the opening hours (or into a blackout) is 409 OUTSIDE_HOURS with " +
        "error.nextFreeSlots unless outsideHours is true, as for a new booking. A reschedule to the start the " +
        "booking has already changes nothing: the booking is answered as it is (its status and version kept, " +
        "nobody notified). Answers the booking with its new version, also as ETag.",
      auth: "user",
      body: bookingUpdate,
      response: booking,
      responseHeaders: { ETag: ETAG },
      examples: { body: bookingUpdateExample, response: changedBookingExample },
      errors: [
        "NOT_FOUND",
        "BOOKING_STATUS",
        "BOOKING_NOT_STARTED",
        "BOOKING_CHANGED",
        "OUTSIDE_HOURS",
        "SLOT_TAKEN",
      ],
    },
    async (c, { body }) => {
      const auth = c.get("auth");
      const { businessId } = auth;
      const bookingId = readIdParam(c, NO_BOOKING);
      const expectedVersion = readIfMatch(c);
      // Only a reschedule reads a time, and a time without an offset needs the business's timezone.
      const moveTo = body.status === "pending" ? body.startTime : undefined;
      const timezone = moveTo === undefined ? null : await timezoneOf(businessId);
      const placed = moveTo === undefined || timezone === null ? null : readStartTime(moveTo, timezone);
      if (placed && "problem" in placed && timezone) {
        const row = await findBookingRow(db, businessId, bookingId);
        if (!row) throw new Refusal("NOT_FOUND", NO_BOOKING);
        const near = { businessId, timezone, serviceId: row.serviceId, start: placed.near };
        const options = { ignoreBookingId: row.id, service: bookedService(row) };
        throw await startTimeRefusal(findSlots, near, placed.problem, options);
      }
      const start = placed && "instant" in placed ? placed.instant : null;
      const event = eventOf(body.status, start);
      if (!event) {
        // Not an action at all: still 404 for a booking that is not the business's, 409 for a stale version.
        const row = await findBookingRow(db, businessId, bookingId);
        if (!row) throw new Refusal("NOT_FOUND", NO_BOOKING);
        if (expectedVersion !== undefined && expectedVersion !== row.version) throw bookingChanged(row);
        throw new Refusal(
          "BOOKING_STATUS",
          "Setting a booking back to pending is a reschedule: it needs a startTime",
          { field: "startTime", currentStatus: row.status },
        );
      }
      if (start && timezone && body.outsideHours !== true)
        await refuseMoveOutsideHours({ businessId, bookingId, timezone, start, expectedVersion });
      const actor = await staffActor(db, auth);
      try {
        const row = await changeBooking(db, {
          businessId,
          bookingId,
          actor,
          event,
          now: clock(),
          ...(expectedVersion !== undefined && { expectedVersion }),
        });
        return answer(c, row);
      } catch (error) {
        if (!(error instanceof Refusal && error.code === "SLOT_TAKEN" && start && timezone)) throw error;
        const row = await findBookingRow(db, businessId, bookingId);
        throw await slotRefusal(
          findSlots,
          { businessId, timezone, serviceId: row?.serviceId ?? null, start },
          row ? { ignoreBookingId: row.id, service: bookedService(row) } : {},
        );
      }
    },
  );

  router.add(
    {
      method: "post",
      path: "/",
      summary: "Add a booking (a walk-in, a call a person took)",
      description:
        "For an active service of the business, at startTime (ISO 8601; without an offset, in the business's " +
        "timezone), status pending, source staff. The slot grid, minimum notice and booking horizon do not " +
        "bind staff, nor does the time of day: a time outside the opening hours or in a blackout is 409 " +
        "OUTSIDE_HOURS (with error.nextFreeSlots) unless outsideHours is true. An overlap with another " +
        "booking that is not cancelled (buffers included) is never allowed: 409 SLOT_TAKEN with " +
        "error.nextFreeSlots. 404 for a service " +
        "that is not an active one of the business. Answers 201 with the booking, its version as ETag.",
      auth: "user",
      body: bookingCreate,
      response: booking,
      status: 201,
      responseHeaders: { ETag: ETAG },
      examples: { body: bookingCreateExample, response: { ...changedBookingExample, version: 1 } },
      errors: ["NOT_FOUND", "OUTSIDE_HOURS", "SLOT_TAKEN"],
    },
    async (c, { body }) => {
      const auth = c.get("auth");
      const { businessId } = auth;
      const timezone = await timezoneOf(businessId);
      const start = await requestedStart(findSlots, body.startTime, {
        businessId,
        timezone,
        serviceId: body.serviceId,
      });
      const within = await isWithinOpeningHours(db, {
        businessId,
        timezone,
        serviceId: body.serviceId,
        start,
      });
      if (within === null) throw new Refusal("NOT_FOUND", "No such active service", { field: "serviceId" });
      if (!within && body.outsideHours !== true) {
        const at = { businessId, timezone, serviceId: body.serviceId, start };
        throw await outsideHoursRefusal(findSlots, at);
      }
      try {
        const { row } = await createBooking(db, {
          businessId,
          actor: await staffActor(db, auth),
          now: clock(),
          booking: {
            source: "staff",
            serviceId: body.serviceId,
            startTime: start,
            customerName: body.customerName,
            customerPhone: body.customerPhone,
            notes: body.notes ?? null,
          },
        });
        return answer(c, row, 201);
      } catch (error) {
        if (!(error instanceof Refusal && error.code === "SLOT_TAKEN")) throw error;
        throw await slotRefusal(findSlots, { businessId, timezone, serviceId: body.serviceId, start });
      }
    },
  );

  return router;
}
