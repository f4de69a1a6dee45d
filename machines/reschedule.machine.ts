import { type BookingStatus, RESCHEDULE_STEP_MINUTES } from "@shared/booking.constants";
import { type CalendarDate, isCalendarDate } from "@shared/calendar-date";
import { clockTimeOfMinutes, minutesOfClockTime } from "@shared/clock-time";
import { calendarDateAt, instantOfWallTime, wallTimeAt } from "@shared/zoned-time";
import { assign, setup } from "xstate";
import { notProvided } from "./not-provided";

/**
 * The reschedule dialog (spec 2, 4, 5, 9): closed → editing → saving → closed, or back to editing with the
 * failure explained and the chosen day and time kept. The day is required (spec 5: Reschedule is disabled
 * until a date is chosen); a new day keeps the time of day; times are the business's wall clock.
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

/** What the provided save actor rejects with: a taken time carries the next free starts of that day. */
export type RescheduleFailure = { status?: number; code?: string; nextFreeSlots?: readonly string[] };

export type RescheduleSaveInput = { booking: RescheduleTarget; startTime: string };

export type RescheduleContext = {
  booking: RescheduleTarget | null;
  /** The business's IANA timezone: the day and time chosen are its wall clock. */
  timeZone: string;
  /** Null until a day is chosen. */
  date: CalendarDate | null;
  /** `HH:MM`, as the time input holds it (may be empty while typed). */
  time: string;
  failure: RescheduleFailure | null;
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
  | { type: "form.submit" };

const STEP_MS = RESCHEDULE_STEP_MINUTES * 60_000;

const closedContext: RescheduleContext = {
  booking: null,
  timeZone: "UTC",
  date: null,
  time: "",
  failure: null,
};

/** The wall-clock day and time ("HH:mm", as a time input holds it) of an instant, on the business's clock. */
export function dayAndTime(instant: Date, timeZone: string): { date: CalendarDate; time: string } {
  const wall = wallTimeAt(instant, timeZone);
  return { date: calendarDateAt(instant, timeZone), time: clockTimeOfMinutes(wall.hour * 60 + wall.minute) };
}

/** The instant the chosen day and time mean, or null while either is missing. */
export function chosenStart(context: Pick<RescheduleContext, "date" | "time" | "timeZone">): Date | null {
  const minutes = minutesOfClockTime(context.time);
  if (context.date === null || !isCalendarDate(context.date) || minutes === null) return null;
  const [year, month, day] = context.date.split("-").map(Number);
  return instantOfWallTime(
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
}

const toFailure = (error: unknown): RescheduleFailure => {
  if (typeof error !== "object" || error === null) return {};
  const { status, code, nextFreeSlots } = error as Record<string, unknown>;
  return {
    ...(typeof status === "number" && { status }),
    ...(typeof code === "string" && { code }),
    ...(Array.isArray(nextFreeSlots) && {
      nextFreeSlots: nextFreeSlots.filter((slot): slot is string => typeof slot === "string"),
    }),
  };
};

export const rescheduleMachine = setup({
  types: {
    context: {} as RescheduleContext,
    events: {} as RescheduleEvent,
  },
  actors: {
    /** PUT the booking at the new start (status pending, duration kept); resolves when the server took it. */
    save: notProvided<unknown, RescheduleSaveInput>("save"),
  },
  actions: {
    /** The booking moved (spec 8 success toast, booking queries refreshed). */
    announceSaved: () => {},
    /** The move failed (spec 8 error toast); the dialog stays open and says why. */
    announceFailed: (_, _params: { failure: RescheduleFailure }) => {},
    reset: assign(() => closedContext),
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
            failure: null,
          })),
        },
      },
    },
    editing: {
      on: {
        "date.pick": { actions: assign({ date: ({ event }) => event.date, failure: null }) },
        "time.change": { actions: assign({ time: ({ event }) => event.time, failure: null }) },
        "time.now": {
          actions: assign(({ context, event }) => ({
            ...dayAndTime(new Date(Math.ceil(event.at / STEP_MS) * STEP_MS), context.timeZone),
            failure: null,
          })),
        },
        "slot.pick": {
          actions: assign(({ context, event }) => ({
            ...dayAndTime(new Date(event.startTime), context.timeZone),
            failure: null,
          })),
        },
        "form.submit": { guard: "hasStart", target: "saving" },
        "dialog.close": { target: "closed", actions: "reset" },
      },
    },
    saving: {
      entry: assign({ failure: null }),
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => {
          const start = chosenStart(context);
          // hasStart let it in: booking and start are both there.
          return { booking: context.booking!, startTime: (start ?? new Date(0)).toISOString() };
        },
        onDone: { target: "closed", actions: ["announceSaved", "reset"] },
        onError: {
          target: "editing",
          actions: [
            assign({ failure: ({ event }) => toFailure(event.error) }),
            { type: "announceFailed", params: ({ event }) => ({ failure: toFailure(event.error) }) },
          ],
        },
      },
    },
  },
});

export type RescheduleMachine = typeof rescheduleMachine;

/** The first day the calendar offers: today on the business's clock (spec 5: no past dates). */
export const firstBookableDay = (now: number, timeZone: string): CalendarDate =>
  calendarDateAt(new Date(now), timeZone);
