import { BOOKING_STATUSES, type BookingStatus } from "@shared/booking.constants";
import { assign, setup, transition } from "xstate";

/**
 * Spec 4's booking rule, the one both the server (to decide every change) and the portal (to offer the
 * actions) ask: pending → confirmed → completed; pending | confirmed → cancelled; pending | confirmed →
 * pending at a new time (reschedule keeps the duration). Completed and cancelled are final. Completing is
 * allowed only once the appointment has started: a completed booking keeps holding its time, and one
 * completed ahead of time would otherwise free nothing yet end the appointment before it took place.
 */

/** Instants in milliseconds since the epoch, so the chart stays free of dates and timezones. */
export type BookingTimes = { startTime: number; endTime: number };

/** What the rule is asked about: the booking's times and the instant it is asked at (the caller's clock). */
export type BookingRuleContext = BookingTimes & { now: number };

/** Whether the appointment has started at the instant asked about: what Complete waits for. */
export const hasStarted = ({ startTime, now }: BookingRuleContext) => now >= startTime;

export type BookingStatusEvent =
  | { type: "booking.confirm" }
  | { type: "booking.complete" }
  | { type: "booking.cancel" }
  | { type: "booking.reschedule"; startTime: number };

export const bookingStatusMachine = setup({
  types: {
    context: {} as BookingRuleContext,
    events: {} as BookingStatusEvent,
    input: {} as BookingRuleContext,
  },
  guards: {
    hasStarted: ({ context }) => hasStarted(context),
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
        "booking.complete": { guard: "hasStarted", target: "completed" },
        "booking.cancel": { target: "cancelled" },
        "booking.reschedule": { target: "pending", actions: "moveTimes" },
      },
    },
    completed: { type: "final" },
    cancelled: { type: "final" },
  },
});

/**
 * Where `event` takes a booking that is `status` with `context` (its times, and now): its new status and times,
 * or null when the rule does not allow it (the server answers 409, the portal does not offer the action).
 */
export function nextBookingState(
  status: BookingStatus,
  context: BookingRuleContext,
  event: BookingStatusEvent,
): { status: BookingStatus; times: BookingTimes } | null {
  const snapshot = bookingStatusMachine.resolveState({ value: status, context });
  if (!snapshot.can(event)) return null;
  const [next] = transition(bookingStatusMachine, snapshot, event);
  const nextStatus = BOOKING_STATUSES.find((candidate) => next.matches(candidate));
  const { startTime, endTime } = next.context;
  return nextStatus ? { status: nextStatus, times: { startTime, endTime } } : null;
}

/**
 * Whether the rule refuses `event` only because the appointment has not started yet (it would allow it at
 * the start): the server's 409 then names the start rather than the status.
 */
export const waitsForStart = (
  status: BookingStatus,
  context: BookingRuleContext,
  event: BookingStatusEvent,
) =>
  !hasStarted(context) &&
  nextBookingState(status, context, event) === null &&
  nextBookingState(status, { ...context, now: context.startTime }, event) !== null;

// Every kind of event once; a reschedule's time is any (only Complete has a guard, on the start).
const EVENT_PROBES: readonly BookingStatusEvent[] = [
  { type: "booking.confirm" },
  { type: "booking.complete" },
  { type: "booking.reschedule", startTime: 0 },
  { type: "booking.cancel" },
];

/**
 * The kinds of change the rule allows from `status`, read off one resolved state. The status and whether the
 * appointment has started (hasStarted) alone decide: a screen may ask once per such pair rather than once per
 * booking and action.
 */
export function allowedBookingEvents(
  status: BookingStatus,
  context: BookingRuleContext,
): BookingStatusEvent["type"][] {
  const snapshot = bookingStatusMachine.resolveState({ value: status, context });
  return EVENT_PROBES.filter((event) => snapshot.can(event)).map((event) => event.type);
}
