import {
  allowedBookingEvents,
  bookingStatusMachine,
  nextBookingState,
} from "@machines/booking-status.machine";
import { BOOKING_STATUSES, type BookingStatus } from "@shared/booking.constants";
import { describe, expect, it } from "vitest";
import type { AnyEventObject } from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";

const HOUR = 3_600_000;
const at = Date.UTC(2026, 11, 1, 9);
const times = { startTime: at, endTime: at + HOUR };
const later = at + 26 * HOUR;

const events: AnyEventObject[] = [
  { type: "booking.confirm" },
  { type: "booking.complete" },
  { type: "booking.cancel" },
  { type: "booking.reschedule", startTime: later },
];

describeModelPaths("booking status machine (model-based)", {
  machine: bookingStatusMachine,
  events,
  inputs: { "an hour's booking": times },
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
    expect(nextBookingState(status, times, event)?.status ?? null).toBe(expected);
  });

  it("lists per status exactly the changes the table allows (what the screens offer)", () => {
    for (const status of BOOKING_STATUSES) {
      const allowed = table.filter(([from, , to]) => from === status && to !== null).map(([, type]) => type);
      expect([...allowedBookingEvents(status)].sort()).toEqual(allowed.sort());
    }
  });

  it("reschedules to the new start with the original duration, never a negative one", () => {
    expect(nextBookingState("confirmed", times, { type: "booking.reschedule", startTime: later })).toEqual({
      status: "pending",
      times: { startTime: later, endTime: later + HOUR },
    });
    const inverted = { startTime: at, endTime: at - HOUR };
    expect(
      nextBookingState("pending", inverted, { type: "booking.reschedule", startTime: later })?.times,
    ).toEqual({
      startTime: later,
      endTime: later,
    });
  });
});
