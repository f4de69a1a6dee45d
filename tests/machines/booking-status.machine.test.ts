import {
  allowedBookingEvents,
  bookingStatusMachine,
  nextBookingState,
  waitsForStart,
} from "@machines/booking-status.machine";
import { BOOKING_STATUSES, type BookingStatus } from "@shared/booking.constants";
import { describe, expect, it } from "vitest";
import type { AnyEventObject } from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";

const HOUR = 3_600_000;
const at = Date.UTC(2026, 11, 1, 9);
const times = { startTime: at, endTime: at + HOUR };
const later = at + 26 * HOUR;
/** Asked once the appointment is under way, and the day before it. */
const started = { ...times, now: at + HOUR / 2 };
const ahead = { ...times, now: at - 24 * HOUR };

const events: AnyEventObject[] = [
  { type: "booking.confirm" },
  { type: "booking.complete" },
  { type: "booking.cancel" },
  { type: "booking.reschedule", startTime: later },
];

describeModelPaths("booking status machine (model-based)", {
  machine: bookingStatusMachine,
  events,
  // Complete is reached only from the started booking; from the one ahead the tour must show it refused.
  inputs: { "an hour's booking under way": started, "an hour's booking not yet started": ahead },
  minPaths: 5,
  assertState: (snapshot) => {
    // Every move keeps the booking's length.
    expect(snapshot.context.endTime - snapshot.context.startTime).toBe(HOUR);
  },
});

describe("booking status rule (spec 4)", () => {
  it("has exactly the spec's statuses as its states", () => {
    expect(Object.keys(bookingStatusMachine.config.states ?? {}).sort()).toEqual(
      [...BOOKING_STATUSES].sort(),
    );
  });

  // Asked once the appointment has started: spec 4's rule as it stands.
  const table: [BookingStatus, AnyEventObject["type"], BookingStatus | null][] = [
    ["pending", "booking.confirm", "confirmed"],
    ["pending", "booking.complete", null],
    ["pending", "booking.cancel", "cancelled"],
    ["pending", "booking.reschedule", "pending"],
    ["confirmed", "booking.confirm", null],
    ["confirmed", "booking.complete", "completed"],
    ["confirmed", "booking.cancel", "cancelled"],
    ["confirmed", "booking.reschedule", "pending"],
    ...BOOKING_STATUSES.filter((s) => s === "completed" || s === "cancelled").flatMap((status) =>
      events.map((event) => [status, event.type, null] as [BookingStatus, string, null]),
    ),
  ];
  it.each(table)("%s + %s → %s", (status, type, expected) => {
    const event = events.find((e) => e.type === type) as Parameters<typeof nextBookingState>[2];
    expect(nextBookingState(status, started, event)?.status ?? null).toBe(expected);
  });

  it("lists per status exactly the changes the table allows (what the screens offer)", () => {
    for (const status of BOOKING_STATUSES) {
      const allowed = table.filter(([from, , to]) => from === status && to !== null).map(([, type]) => type);
      expect([...allowedBookingEvents(status, started)].sort()).toEqual(allowed.sort());
    }
  });

  it("completes only once the appointment has started, from its very start; the rest does not wait", () => {
    const complete = { type: "booking.complete" } as const;
    expect(nextBookingState("confirmed", ahead, complete)).toBeNull();
    expect(nextBookingState("confirmed", { ...times, now: at - 1 }, complete)).toBeNull();
    expect(nextBookingState("confirmed", { ...times, now: at }, complete)?.status).toBe("completed");
    expect(allowedBookingEvents("confirmed", ahead).sort()).toEqual(
      ["booking.cancel", "booking.reschedule"].sort(),
    );
    expect(allowedBookingEvents("pending", ahead)).toEqual(allowedBookingEvents("pending", started));
    // Why it is refused: the start (the server's BOOKING_NOT_STARTED), not the status.
    expect(waitsForStart("confirmed", ahead, complete)).toBe(true);
    expect(waitsForStart("pending", ahead, complete)).toBe(false);
    expect(waitsForStart("completed", ahead, complete)).toBe(false);
    expect(waitsForStart("confirmed", started, complete)).toBe(false);
  });

  it("reschedules to the new start with the original duration, never a negative one", () => {
    expect(nextBookingState("confirmed", started, { type: "booking.reschedule", startTime: later })).toEqual({
      status: "pending",
      times: { startTime: later, endTime: later + HOUR },
    });
    const inverted = { startTime: at, endTime: at - HOUR, now: at };
    expect(
      nextBookingState("pending", inverted, { type: "booking.reschedule", startTime: later })?.times,
    ).toEqual({
      startTime: later,
      endTime: later,
    });
  });
});
