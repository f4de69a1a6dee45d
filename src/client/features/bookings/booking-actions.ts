import {
  allowedBookingEvents,
  type BookingStatusEvent,
  hasStarted,
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

/** What the rule is asked about a booking at `now` (milliseconds, the device's clock). */
const contextOf = (booking: Pick<Booking, "startTime" | "endTime">, now: number) => ({
  startTime: Date.parse(booking.startTime),
  endTime: Date.parse(booking.endTime),
  now,
});

const eventOf = (action: BookingAction): BookingStatusEvent =>
  action.type === "reschedule"
    ? { type: "booking.reschedule", startTime: Date.parse(action.startTime) }
    : { type: `booking.${action.type}` };

/**
 * Whether a start names an instant (ends in Z or an offset). The reschedule dialog sends a bare wall time on
 * purpose for one the business's clocks skip or show twice (chosenStart): read on the device's clock it would
 * become an instant staff never chose, so it goes to the server as it is, to be refused with the reason.
 */
const namesInstant = (time: string) => /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(time);

/**
 * The PUT body spec 7 sends for `action` at `now`, decided by the same machine the server asks (status, the
 * start for a complete, and for a reschedule the new start with the booked duration kept, or a bare wall
 * time unchanged and without an end); null when the rule does not allow it.
 */
export function bookingUpdateFor(
  booking: BookingState,
  action: BookingAction,
  now: number,
): BookingUpdate | null {
  const next = nextBookingState(booking.status, contextOf(booking, now), eventOf(action));
  if (!next) return null;
  if (action.type !== "reschedule") return { status: next.status };
  const outsideHours = action.outsideHours && { outsideHours: true as const };
  // The rule asks nothing of a move's time: the device's reading of a bare wall time (eventOf) decides nothing.
  if (!namesInstant(action.startTime))
    return { status: next.status, startTime: action.startTime, ...outsideHours };
  return {
    status: next.status,
    startTime: new Date(next.times.startTime).toISOString(),
    endTime: new Date(next.times.endTime).toISOString(),
    ...outsideHours,
  };
}

const allowedByCase = new Map<`${BookingStatus}:${boolean}`, readonly BookingActionType[]>();

/**
 * The actions the booking-status machine offers for this booking at `now`, in the order the screens show
 * them (Complete only once the appointment has started). What it allows depends on the status and whether
 * the booking has started alone (see allowedBookingEvents): the machine is asked once per such pair, not
 * four times for every row a list draws.
 */
export function allowedBookingActions(booking: BookingState, now: number): readonly BookingActionType[] {
  const context = contextOf(booking, now);
  const key = `${booking.status}:${hasStarted(context)}` as const;
  let allowed = allowedByCase.get(key);
  if (!allowed) {
    const events = allowedBookingEvents(booking.status, context);
    allowed = BOOKING_ACTION_TYPES.filter((type) => events.includes(`booking.${type}`));
    allowedByCase.set(key, allowed);
  }
  return allowed;
}
