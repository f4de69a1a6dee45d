import { BOOKING_STATUSES, type BookingStatus } from "@shared/booking.constants";
import { assign, setup, transition } from "xstate";

/**
 * Spec 4's booking rule, the one both the server (to decide every change) and the portal (to offer the
 * actions) ask: pending → confirmed → completed; pending | confirmed → cancelled; pending | confirmed →
 * pending at a new time (reschedule keeps the duration). Completed and cancelled are final.
 */

/** Instants in milliseconds since the epoch, so the chart stays free of dates and timezones. */
export type BookingTimes = { startTime: number; endTime: number };

export type BookingStatusEvent =
  | { type: "booking.confirm" }
  | { type: "booking.complete" }
  | { type: "booking.cancel" }
  | { type: "booking.reschedule"; startTime: number };

export const bookingStatusMachine = setup({
  types: {
    context: {} as BookingTimes,
    events: {} as BookingStatusEvent,
    input: {} as BookingTimes,
  },
  actions: {
    // The original duration, never negative, from the new start.
    moveTimes: assign(({ context, event }) => {
      if (event.type !== "booking.reschedule") return {};
      return {
        startTime: event.startTime,
        endTime: event.startTime + Math.max(0, context.endTime - context.startTime),
      };
    }),
  },
}).createMachine({
  id: "bookingStatus",
  context: ({ input }) => input,
  initial: "pending",
  states: {
    pending: {
      on: {
        "booking.confirm": { target: "confirmed" },
        "booking.cancel": { target: "cancelled" },
        "booking.reschedule": { target: "pending", reenter: true, actions: "moveTimes" },
      },
    },
    confirmed: {
      on: {
        "booking.complete": { target: "completed" },
        "booking.cancel": { target: "cancelled" },
        "booking.reschedule": { target: "pending", actions: "moveTimes" },
      },
    },
    completed: { type: "final" },
    cancelled: { type: "final" },
  },
});

/**
 * Where `event` takes a booking that is `status` at `times`: its new status and times, or null when the rule
 * does not allow it (the server answers 409, the portal does not offer the action).
 */
export function nextBookingState(
  status: BookingStatus,
  times: BookingTimes,
  event: BookingStatusEvent,
): { status: BookingStatus; times: BookingTimes } | null {
  const snapshot = bookingStatusMachine.resolveState({ value: status, context: times });
  if (!snapshot.can(event)) return null;
  const [next] = transition(bookingStatusMachine, snapshot, event);
  const nextStatus = BOOKING_STATUSES.find((candidate) => next.matches(candidate));
  return nextStatus ? { status: nextStatus, times: next.context } : null;
}

// Every kind of event once; a reschedule's time is any (the chart has no guards).
const EVENT_PROBES: readonly BookingStatusEvent[] = [
  { type: "booking.confirm" },
  { type: "booking.complete" },
  { type: "booking.reschedule", startTime: 0 },
  { type: "booking.cancel" },
];

/**
 * The kinds of change the rule allows from `status`, read off one resolved state. The chart has no guards, so
 * the status alone decides: a screen may ask once per status rather than once per booking and action.
 */
export function allowedBookingEvents(status: BookingStatus): BookingStatusEvent["type"][] {
  const snapshot = bookingStatusMachine.resolveState({
    value: status,
    context: { startTime: 0, endTime: 0 },
  });
  return EVENT_PROBES.filter((event) => snapshot.can(event)).map((event) => event.type);
}
