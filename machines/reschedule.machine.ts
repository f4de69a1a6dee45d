import { type BookingStatus, RESCHEDULE_STEP_MINUTES } from "@shared/booking.constants";
import { type CalendarDate, isCalendarDate } from "@shared/calendar-date";
import { clockTimeOfMinutes, minutesOfClockTime } from "@shared/clock-time";
import {
  calendarDateAt,
  isoInZone,
  isoWithOffset,
  placeWallTime,
  utcMilliseconds,
  wallTimeAt,
} from "@shared/zoned-time";
import { assign, setup } from "xstate";
import { type FailureFacts, rejectionFacts } from "./failure";
import { notProvided } from "./not-provided";

/**
 * The reschedule dialog (spec 2, 4, 5, 9): closed → editing → saving → closed, or back to editing with the
 * failure explained and the chosen day and time kept. The day is required (spec 5: Reschedule is disabled
 * until a date is chosen); a new day keeps the time of day; times are the business's wall clock.
 *
 * A time outside the opening hours is refused (OUTSIDE_HOURS) until staff say they mean it: the dialog asks
 * (outsideHours), and either saves again with that confirmation or, on any change of day or time, goes back
 * to editing. An overlap (SLOT_TAKEN) is never asked about: no confirmation lets two bookings share a time.
 *
 * A booking changed by someone else since the dialog opened (BOOKING_CHANGED) is read again (reloading)
 * before the next submit: the save carries the version it read as If-Match, and the old one would be refused
 * forever. When the reload finds it moved, the dialog says from when.
 */

/** The booking being moved, as the dialog needs it; instants are ISO strings. */
export type RescheduleTarget = {
  _id: string;
  version: number;
  status: BookingStatus;
  serviceId: string | null;
  startTime: string;
  endTime: string;
};

/** `outsideHours`: staff confirmed this start although it is outside the opening hours. */
export type RescheduleSaveInput = { booking: RescheduleTarget; startTime: string; outsideHours: boolean };

/** The booking to read again, as it is now. */
export type RescheduleReloadInput = { bookingId: string };

export type RescheduleContext = {
  booking: RescheduleTarget | null;
  /** The business's IANA timezone: the day and time chosen are its wall clock. */
  timeZone: string;
  /** Null until a day is chosen. */
  date: CalendarDate | null;
  /** `HH:MM`, as the time input holds it (may be empty while typed). */
  time: string;
  /**
   * The instant a free time or 'Now' named, sent as it is: its day and time alone may name two instants (the
   * hour the clocks go back). Null once the day or time is chosen by hand.
   */
  exactStart: string | null;
  /**
   * Why the last save was refused: a taken time carries the next free starts of that day; a VALIDATION refusal
   * of `startTime` is a time the business's clocks skip or show twice.
   */
  failure: FailureFacts | null;
  /** Staff confirmed the chosen day and time outside the opening hours; any change of them drops it. */
  outsideHoursConfirmed: boolean;
  /** The start the booking had before a reload found it moved by someone else (the dialog says so). */
  movedFrom: string | null;
};

export type RescheduleEvent =
  | { type: "dialog.open"; booking: RescheduleTarget; timeZone: string }
  | { type: "dialog.close" }
  | { type: "date.pick"; date: CalendarDate }
  | { type: "time.change"; time: string }
  /** 'Now': the current instant, taken to the next step of the time input. */
  | { type: "time.now"; at: number }
  /** A free slot (or a suggested one after a taken time): its start instant. */
  | { type: "slot.pick"; startTime: string }
  | { type: "form.submit" }
  /** 'Reschedule anyway': the answer to the outside-hours question. */
  | { type: "outsideHours.confirm" };

const STEP_MS = RESCHEDULE_STEP_MINUTES * 60_000;

const closedContext: RescheduleContext = {
  booking: null,
  timeZone: "UTC",
  date: null,
  time: "",
  exactStart: null,
  failure: null,
  outsideHoursConfirmed: false,
  movedFrom: null,
};

/** The wall-clock day and time ("HH:mm", as a time input holds it) of an instant, on the business's clock. */
export function dayAndTime(instant: Date, timeZone: string): { date: CalendarDate; time: string } {
  const wall = wallTimeAt(instant, timeZone);
  return { date: calendarDateAt(instant, timeZone), time: clockTimeOfMinutes(wall.hour * 60 + wall.minute) };
}

/**
 * The start to send for the chosen day and time, or null while either is missing: the instant a free time or
 * 'Now' named; else with the business's offset when its clocks show that time once; as the bare wall time when
 * they skip it or show it twice (a night the clocks change), which the server refuses with the reason and that
 * day's free times.
 */
export function chosenStart(
  context: Pick<RescheduleContext, "date" | "time" | "timeZone" | "exactStart">,
): string | null {
  if (context.exactStart !== null) return context.exactStart;
  const minutes = minutesOfClockTime(context.time);
  if (context.date === null || !isCalendarDate(context.date) || minutes === null) return null;
  const [year, month, day] = context.date.split("-").map(Number);
  const placed = placeWallTime(
    {
      year: year!,
      month: month!,
      day: day!,
      hour: Math.floor(minutes / 60),
      minute: minutes % 60,
      second: 0,
      millisecond: 0,
    },
    context.timeZone,
  );
  return placed.kind === "exact"
    ? isoWithOffset(placed.instant, placed.offset)
    : `${context.date}T${clockTimeOfMinutes(minutes)}`;
}

/**
 * 'Now': the next step of the business's wall clock after `at` (Kathmandu's 09:46 gives 09:50, not the 09:55 of a
 * step counted in UTC), as an instant: the clock as it reads at `at` decides, so the repeated hour names one.
 */
function nextStepAt(at: number, timeZone: string): Date {
  const wall = utcMilliseconds(wallTimeAt(new Date(at), timeZone));
  return new Date(at + Math.ceil(wall / STEP_MS) * STEP_MS - wall);
}

/** A changed day or time is a new question: its failure and any confirmation were about the old one. */
const choiceChanged = {
  failure: null,
  outsideHoursConfirmed: false,
  movedFrom: null,
  exactStart: null,
} as const;

export const rescheduleMachine = setup({
  types: {
    context: {} as RescheduleContext,
    events: {} as RescheduleEvent,
  },
  actors: {
    /** PUT the booking at the new start (status pending, duration kept); resolves when the server took it. */
    save: notProvided<unknown, RescheduleSaveInput>("save"),
    /** GET the booking as it is now (after a BOOKING_CHANGED refusal). */
    reload: notProvided<RescheduleTarget, RescheduleReloadInput>("reload"),
  },
  actions: {
    /** The booking moved (spec 8 success toast, booking queries refreshed). */
    announceSaved: () => {},
    /** The move failed (spec 8 error toast); the dialog stays open and says why. */
    announceFailed: (_, _params: { failure: FailureFacts }) => {},
    reset: assign(() => closedContext),
    pickDate: assign(({ event }) =>
      event.type === "date.pick" ? { date: event.date, ...choiceChanged } : {},
    ),
    changeTime: assign(({ event }) =>
      event.type === "time.change" ? { time: event.time, ...choiceChanged } : {},
    ),
    takeNow: assign(({ context, event }) => {
      if (event.type !== "time.now") return {};
      const start = nextStepAt(event.at, context.timeZone);
      return {
        ...dayAndTime(start, context.timeZone),
        ...choiceChanged,
        exactStart: isoInZone(start, context.timeZone),
      };
    }),
    pickSlot: assign(({ context, event }) =>
      event.type === "slot.pick"
        ? {
            ...dayAndTime(new Date(event.startTime), context.timeZone),
            ...choiceChanged,
            exactStart: event.startTime,
          }
        : {},
    ),
  },
  guards: {
    hasStart: ({ context }) => chosenStart(context) !== null,
  },
}).createMachine({
  id: "reschedule",
  initial: "closed",
  context: closedContext,
  states: {
    closed: {
      on: {
        "dialog.open": {
          target: "editing",
          // The time of day it has now is kept; the day must be chosen.
          actions: assign(({ event }) => ({
            booking: event.booking,
            timeZone: event.timeZone,
            date: null,
            time: dayAndTime(new Date(event.booking.startTime), event.timeZone).time,
            exactStart: null,
            failure: null,
            movedFrom: null,
          })),
        },
      },
    },
    editing: {
      on: {
        "date.pick": { actions: "pickDate" },
        "time.change": { actions: "changeTime" },
        "time.now": { actions: "takeNow" },
        "slot.pick": { actions: "pickSlot" },
        "form.submit": { guard: "hasStart", target: "saving" },
        "dialog.close": { target: "closed", actions: "reset" },
      },
    },
    /** Refused as outside the opening hours: 'Reschedule anyway', or another day or time. */
    outsideHours: {
      on: {
        "outsideHours.confirm": { target: "saving", actions: assign({ outsideHoursConfirmed: true }) },
        "date.pick": { target: "editing", actions: "pickDate" },
        "time.change": { target: "editing", actions: "changeTime" },
        "time.now": { target: "editing", actions: "takeNow" },
        "slot.pick": { target: "editing", actions: "pickSlot" },
        "dialog.close": { target: "closed", actions: "reset" },
      },
    },
    /** Refused as changed by someone else: the booking read again, so the next save names its version. */
    reloading: {
      invoke: {
        id: "reload",
        src: "reload",
        input: ({ context }) => ({ bookingId: context.booking!._id }),
        onDone: {
          target: "editing",
          actions: assign(({ context, event }) => ({
            booking: event.output,
            movedFrom:
              event.output.startTime === context.booking!.startTime ? null : context.booking!.startTime,
          })),
        },
        // The old version stays: the next save is refused again and reads it again.
        onError: { target: "editing" },
      },
      on: {
        "date.pick": { actions: "pickDate" },
        "time.change": { actions: "changeTime" },
        "time.now": { actions: "takeNow" },
        "slot.pick": { actions: "pickSlot" },
        "dialog.close": { target: "closed", actions: "reset" },
      },
    },
    saving: {
      entry: assign({ failure: null, movedFrom: null }),
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => {
          const start = chosenStart(context);
          // hasStart let it in: booking and start are both there.
          return {
            booking: context.booking!,
            startTime: start ?? "",
            outsideHours: context.outsideHoursConfirmed,
          };
        },
        onDone: { target: "closed", actions: ["announceSaved", "reset"] },
        onError: [
          {
            // A question, not a failure: the chosen time stays, with that day's free times beside it. Asked
            // once: a refusal despite the confirmation is a failure like any other.
            guard: ({ context, event }) =>
              rejectionFacts(event.error).code === "OUTSIDE_HOURS" && !context.outsideHoursConfirmed,
            target: "outsideHours",
            actions: assign({ failure: ({ event }) => rejectionFacts(event.error) }),
          },
          {
            guard: ({ event }) => rejectionFacts(event.error).code === "BOOKING_CHANGED",
            target: "reloading",
            actions: [
              assign({ failure: ({ event }) => rejectionFacts(event.error) }),
              { type: "announceFailed", params: ({ event }) => ({ failure: rejectionFacts(event.error) }) },
            ],
          },
          {
            target: "editing",
            actions: [
              assign({ failure: ({ event }) => rejectionFacts(event.error) }),
              { type: "announceFailed", params: ({ event }) => ({ failure: rejectionFacts(event.error) }) },
            ],
          },
        ],
      },
    },
  },
});

export type RescheduleMachine = typeof rescheduleMachine;

/** The first day the calendar offers: today on the business's clock (spec 5: no past dates). */
export const firstBookableDay = (now: number, timeZone: string): CalendarDate =>
  calendarDateAt(new Date(now), timeZone);
