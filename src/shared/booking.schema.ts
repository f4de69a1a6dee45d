import { type } from "arktype";
import {
  BOOKING_ACTIONS,
  BOOKING_ACTOR_KINDS,
  BOOKING_SCOPES,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  BOOKINGS_MAX_LIMIT,
} from "./booking.constants";
import { callOutcome, callStatus } from "./call-status.schema";
import { apiErrorCodes } from "./error-codes";
import { MAX_PAGE, pageOf, phoneQueryParam, positiveIntegerParam } from "./query-params";

export * from "./booking.constants";

export const bookingStatus = type.enumerated(...BOOKING_STATUSES);
export const bookingScope = type.enumerated(...BOOKING_SCOPES);
export const bookingSource = type.enumerated(...BOOKING_SOURCES);
export const bookingActorKind = type.enumerated(...BOOKING_ACTOR_KINDS);
export const bookingAction = type.enumerated(...BOOKING_ACTIONS);

const customerName = type("string.trim").to("1 <= string <= 200");
const customerPhone = type("string.trim").to("1 <= string <= 40");
const notes = type("string <= 2000 | null");

/**
 * A booking as the portal lists it (spec 3 "Booking" and the bookings issue): instants are ISO strings,
 * `createdAt` is the booking's own creation (the list's whenBooked), `version` goes back as If-Match.
 * The service name is the one it was booked with, whatever became of the service since.
 */
export const booking = type({
  _id: "string",
  customerName: "string",
  customerPhone: "string",
  serviceId: "string | null",
  serviceName: "string | null",
  startTime: "string",
  endTime: "string",
  status: bookingStatus,
  createdAt: "string",
  source: bookingSource,
  callId: "string | null",
  version: "number.integer >= 1",
});
export type Booking = typeof booking.infer;

/** GET /api/bookings: read as data.data and data.total (spec 7), with the page and how many pages. */
export const bookingList = pageOf(booking);
export type BookingList = typeof bookingList.infer;

/**
 * GET /api/bookings query. `from`/`to` are ISO 8601: a bare date means that whole day in the business's
 * timezone (`to` inclusive), a date-time an exact instant; they bound the appointment's start.
 */
export const bookingListQuery = type({
  "+": "reject",
  "page?": positiveIntegerParam(MAX_PAGE),
  "limit?": positiveIntegerParam(BOOKINGS_MAX_LIMIT),
  "status?": bookingStatus,
  "scope?": bookingScope,
  "from?": "string.date.iso",
  "to?": "string.date.iso",
});
export type BookingListQuery = typeof bookingListQuery.infer;

/**
 * PUT /api/bookings/:id (spec 7): the status it should have, and for a reschedule (status pending) the new
 * start. `endTime` is accepted as the spec's client sends it, but the server keeps the booked duration.
 */
export const bookingUpdate = type({
  "+": "reject",
  status: bookingStatus,
  "startTime?": "string.date.iso",
  "endTime?": "string.date.iso",
  /** As for a new booking: staff confirmed the move outside the opening hours (an overlap is still refused). */
  "outsideHours?": "boolean",
});
export type BookingUpdate = typeof bookingUpdate.infer;

/** POST /api/bookings: staff add a booking themselves (a walk-in, a call a person took). */
export const bookingCreate = type({
  "+": "reject",
  serviceId: "string.uuid",
  startTime: "string.date.iso",
  customerName,
  customerPhone,
  "notes?": notes,
  /** Staff confirmed they want it outside the opening hours (an overlap is refused whatever this says). */
  "outsideHours?": "boolean",
});
export type BookingCreate = typeof bookingCreate.infer;

/** One change in a booking's timeline: when, who, what, and the status and time before and after. */
export const bookingEvent = type({
  _id: "string",
  at: "string",
  action: bookingAction,
  actor: { kind: bookingActorKind, name: "string | null" },
  fromStatus: bookingStatus.or("null"),
  toStatus: bookingStatus,
  fromStartTime: "string | null",
  toStartTime: "string",
  fromEndTime: "string | null",
  toEndTime: "string",
});
export type BookingEvent = typeof bookingEvent.infer;

/** The call a booking was made during, as its detail shows it. */
export const bookingCall = type({
  _id: "string",
  fromNumber: "string",
  startTime: "string",
  duration: "number",
  status: callStatus,
  outcome: callOutcome.or("null"),
  summary: "string | null",
  recordingUrl: "string | null",
  /** Beyond the spec, present once the server holds its own copy of the recording: where to play it from. */
  "recordingCopyUrl?": "string",
});
export type BookingCall = typeof bookingCall.infer;

/**
 * What the connected Google Calendar did to a booking's event that staff must decide on: when the owner
 * deleted that event in Google (staff decide whether to cancel; never done silently), and a move made in
 * Google that was not taken: the refusal's code (the rule it breaks) and the time it was moved to (null for
 * refusals noted before the time was kept).
 */
export const bookingCalendarFlags = type({
  deletedInGoogleAt: "string | null",
  moveRefusal: type({ code: type.enumerated(...apiErrorCodes), movedTo: "string | null" }).or("null"),
});
export type BookingCalendarFlags = typeof bookingCalendarFlags.infer;

/** GET /api/bookings/:id: the booking, what it was booked for, its timeline (oldest first) and its call. */
export const bookingDetail = booking.and({
  notes: "string | null",
  durationMinutes: "number.integer >= 0",
  /** The price it was booked at, in the major units of `currency`. */
  price: "number >= 0",
  /** The business's currency (ISO 4217), which prices are shown in (relabelled, never converted). */
  currency: "string",
  timeline: bookingEvent.array(),
  call: bookingCall.or("null"),
  /** Beyond the spec, present when the booking has an event in the connected Google Calendar. */
  "calendar?": bookingCalendarFlags,
});
export type BookingDetail = typeof bookingDetail.infer;

/**
 * GET /api/bookings/review (beyond the spec): the open bookings (pending or confirmed) whose event the owner
 * deleted or moved in Google Calendar and that wait on staff's decision, soonest first.
 */
export const bookingsToReview = type({
  data: booking.and({ calendar: bookingCalendarFlags }).array(),
  /** How many there are, `data` holding the soonest of them. */
  total: "number.integer >= 0",
});
export type BookingsToReview = typeof bookingsToReview.infer;

/** GET /api/bookings/counts: what the sidebar shows (bookings waiting for confirmation). */
export const bookingCounts = type({ pending: "number.integer >= 0" });
export type BookingCounts = typeof bookingCounts.infer;

/** POST /api/assistant/bookings: the assistant books a caller into a free slot during the call. */
export const assistantBookingInput = type({
  "+": "reject",
  externalId: "1 <= string <= 200",
  serviceId: "string.uuid",
  startTime: "string.date.iso",
  customerName,
  customerPhone,
  "callExternalId?": "1 <= string <= 200 | null",
  "notes?": notes,
});
export type AssistantBookingInput = typeof assistantBookingInput.infer;

/** A booking as the assistant reads it (field names carry their units, see docs/spec-notes.md). */
export const assistantBooking = type({
  id: "string",
  externalId: "string | null",
  serviceId: "string | null",
  serviceName: "string",
  startTime: "string",
  endTime: "string",
  durationMinutes: "number.integer >= 0",
  status: bookingStatus,
  customerName: "string",
  customerPhone: "string",
  callExternalId: "string | null",
  notes: "string | null",
  createdAt: "string",
  /** Goes back as `version` (or If-Match) with a change, so one made against a stale read is refused. */
  version: "number.integer >= 1",
});
export type AssistantBooking = typeof assistantBooking.infer;

/** GET /api/assistant/bookings?customerPhone=…: that caller's upcoming bookings. */
export const assistantBookingQuery = type({ "+": "reject", customerPhone: phoneQueryParam(customerPhone) });

/** A booking's version, as the booking answered it: a change made against another one is refused. */
const expectedVersion = "1 <= number.integer <= 999999999";

/**
 * PUT /api/assistant/bookings/:id: the caller cancels, or moves the appointment; `version` (optional, like
 * the staff route's If-Match) is the one the assistant last read.
 */
export const assistantBookingChange = type({
  "+": "reject",
  action: "'cancel'",
  "version?": expectedVersion,
}).or({
  "+": "reject",
  action: "'reschedule'",
  startTime: "string.date.iso",
  "version?": expectedVersion,
});
export type AssistantBookingChange = typeof assistantBookingChange.infer;
