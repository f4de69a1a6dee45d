import {
  allowedBookingEvents,
  type BookingStatusEvent,
  nextBookingState,
} from "@machines/booking-status.machine";
import type { BookingStatus } from "@shared/booking.constants";
import type { Booking, BookingUpdate } from "@shared/booking.schema";

/** What the rule needs to know of a booking. */
export type BookingState = Pick<Booking, "status" | "startTime" | "endTime">;

/** What staff can do to a booking from the list, the calendar or the panel (spec 4). */
export type BookingAction =
  | { type: "confirm" }
  | { type: "complete" }
  | { type: "cancel" }
  /** `outsideHours`: staff confirmed a start outside the opening hours (the server refuses it otherwise). */
  | { type: "reschedule"; startTime: string; outsideHours?: true };
export type BookingActionType = BookingAction["type"];

export const BOOKING_ACTION_TYPES: readonly BookingActionType[] = [
  "confirm",
  "complete",
  "reschedule",
  "cancel",
];

const timesOf = (booking: Pick<Booking, "startTime" | "endTime">) => ({
  startTime: Date.parse(booking.startTime),
  endTime: Date.parse(booking.endTime),
});

const eventOf = (action: BookingAction): BookingStatusEvent =>
  action.type === "reschedule"
    ? { type: "booking.reschedule", startTime: Date.parse(action.startTime) }
    : { type: `booking.${action.type}` };

/**
 * The PUT body spec 7 sends for `action`, decided by the same machine the server asks (status, and for a
 * reschedule the new start with the booked duration kept); null when the booking's status does not allow it.
 */
export function bookingUpdateFor(booking: BookingState, action: BookingAction): BookingUpdate | null {
  const next = nextBookingState(booking.status, timesOf(booking), eventOf(action));
  if (!next) return null;
  if (action.type !== "reschedule") return { status: next.status };
  return {
    status: next.status,
    startTime: new Date(next.times.startTime).toISOString(),
    endTime: new Date(next.times.endTime).toISOString(),
    ...(action.outsideHours && { outsideHours: true }),
  };
}

const allowedByStatus = new Map<BookingStatus, readonly BookingActionType[]>();

/**
 * The actions the booking-status machine offers for this booking, in the order the screens show them. What it
 * allows depends on the status alone (see allowedBookingEvents): the machine is asked once per status, not
 * four times for every row a list draws.
 */
export function allowedBookingActions(booking: Pick<Booking, "status">): readonly BookingActionType[] {
  let allowed = allowedByStatus.get(booking.status);
  if (!allowed) {
    const events = allowedBookingEvents(booking.status);
    allowed = BOOKING_ACTION_TYPES.filter((type) => events.includes(`booking.${type}`));
    allowedByStatus.set(booking.status, allowed);
  }
  return allowed;
}
