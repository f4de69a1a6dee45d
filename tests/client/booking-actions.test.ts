import { bookingStatusMachine } from "@machines/booking-status.machine";
import { BOOKING_STATUSES } from "@shared/booking.constants";
import type { Booking } from "@shared/booking.schema";
import { describe, expect, it, vi } from "vitest";
import { allowedBookingActions, bookingUpdateFor } from "../../src/client/features/bookings/booking-actions";

const booking = (status: Booking["status"]): Booking => ({
  _id: "b1",
  customerName: "Ada",
  customerPhone: "+15550001",
  serviceId: null,
  serviceName: null,
  startTime: "2026-11-24T14:00:00.000Z",
  endTime: "2026-11-24T14:45:00.000Z",
  status,
  createdAt: "2026-11-20T10:00:00.000Z",
  source: "staff",
  callId: null,
  version: 2,
});

/** Under way (after its 14:00 start), and the evening before. */
const started = Date.parse("2026-11-24T14:10:00.000Z");
const ahead = Date.parse("2026-11-23T18:00:00.000Z");

describe("the actions the list offers come from the booking-status machine", () => {
  it("offers spec 4's actions per status, none for final ones", () => {
    expect(allowedBookingActions(booking("pending"), started)).toEqual(["confirm", "reschedule", "cancel"]);
    expect(allowedBookingActions(booking("confirmed"), started)).toEqual([
      "complete",
      "reschedule",
      "cancel",
    ]);
    expect(allowedBookingActions(booking("completed"), started)).toEqual([]);
    expect(allowedBookingActions(booking("cancelled"), started)).toEqual([]);
  });

  it("offers Complete only once the appointment has started", () => {
    expect(allowedBookingActions(booking("confirmed"), ahead)).toEqual(["reschedule", "cancel"]);
    expect(allowedBookingActions(booking("confirmed"), Date.parse("2026-11-24T14:00:00.000Z"))).toContain(
      "complete",
    );
    expect(bookingUpdateFor(booking("confirmed"), { type: "complete" }, ahead)).toBeNull();
  });

  it("asks the machine once per status and start, not for every row and action of a list", () => {
    const resolved = vi.spyOn(bookingStatusMachine, "resolveState");
    for (let index = 0; index < 40; index++)
      allowedBookingActions(booking(BOOKING_STATUSES[index % 4]!), index % 3 === 0 ? ahead : started);
    expect(resolved.mock.calls.length).toBeLessThanOrEqual(2 * BOOKING_STATUSES.length);
    resolved.mockRestore();
  });

  it("sends spec 7's PUT body: the new status, and for a reschedule the new start with the duration kept", () => {
    expect(bookingUpdateFor(booking("pending"), { type: "confirm" }, started)).toEqual({
      status: "confirmed",
    });
    expect(bookingUpdateFor(booking("confirmed"), { type: "complete" }, started)).toEqual({
      status: "completed",
    });
    expect(bookingUpdateFor(booking("confirmed"), { type: "cancel" }, started)).toEqual({
      status: "cancelled",
    });
    expect(
      bookingUpdateFor(
        booking("confirmed"),
        { type: "reschedule", startTime: "2026-11-26T09:10:00.000Z" },
        started,
      ),
    ).toEqual({
      status: "pending",
      startTime: "2026-11-26T09:10:00.000Z",
      endTime: "2026-11-26T09:55:00.000Z",
    });
    // A start outside the opening hours that staff confirmed says so, as the server requires.
    expect(
      bookingUpdateFor(
        booking("pending"),
        {
          type: "reschedule",
          startTime: "2026-11-26T03:00:00.000Z",
          outsideHours: true,
        },
        started,
      ),
    ).toEqual({
      status: "pending",
      startTime: "2026-11-26T03:00:00.000Z",
      endTime: "2026-11-26T03:45:00.000Z",
      outsideHours: true,
    });
    expect(bookingUpdateFor(booking("pending"), { type: "complete" }, started)).toBeNull();
    expect(bookingUpdateFor(booking("cancelled"), { type: "confirm" }, started)).toBeNull();
  });
});
