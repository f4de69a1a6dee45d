import { bookingStatusMachine } from "@machines/booking-status.machine";
import { BOOKING_STATUSES } from "@shared/booking.constants";
import type { Booking } from "@shared/booking.schema";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import {
  allowedBookingActions,
  type BookingAction,
  bookingUpdateFor,
} from "../../src/client/features/bookings/booking-actions";
import { provideRescheduleDialog } from "../../src/client/features/bookings/reschedule-dialog.actors";

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

describe("a move to a wall time the business's clocks skip or show twice", () => {
  const deviceZone = process.env.TZ;
  afterAll(() => {
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });

  /** The body the reschedule dialog sends for `time` on `date` in New York, from a device in `device`. */
  async function sentFrom(device: string, date: `${number}-${number}-${number}`, time: string) {
    process.env.TZ = device;
    const bodies: unknown[] = [];
    const refusal = { status: 400, code: "VALIDATION", field: "startTime", nextFreeSlots: [] };
    const dialog = createActor(
      provideRescheduleDialog({
        act: (target, action: BookingAction) => {
          bodies.push(bookingUpdateFor(booking(target.status), action, ahead));
          return Promise.reject(refusal);
        },
        reload: () => Promise.reject(new Error("not asked: nobody else changed it")),
        onSaved: () => {},
      }),
    ).start();
    dialog.send({ type: "dialog.open", booking: booking("confirmed"), timeZone: "America/New_York" });
    dialog.send({ type: "date.pick", date });
    dialog.send({ type: "time.change", time });
    dialog.send({ type: "form.submit" });
    // The server's refusal is what the dialog explains (error-wording's startTime).
    const refused = await waitFor(dialog, (s) => s.matches("editing") && s.context.failure !== null);
    expect(refused.context.failure).toMatchObject({ code: "VALIDATION", field: "startTime" });
    dialog.stop();
    return bodies;
  }

  it("sends the bare wall time unchanged, on any device, for the server to refuse with the reason", async () => {
    // 02:30 on the spring night does not exist in New York; 01:30 on the autumn night happens twice.
    for (const device of ["America/New_York", "Asia/Tokyo", "UTC"]) {
      expect(await sentFrom(device, "2026-03-08", "02:30")).toEqual([
        { status: "pending", startTime: "2026-03-08T02:30" },
      ]);
      expect(await sentFrom(device, "2026-11-01", "01:30")).toEqual([
        { status: "pending", startTime: "2026-11-01T01:30" },
      ]);
    }
  });

  it("still sends a time the clocks show once as its instant, with the duration kept", async () => {
    process.env.TZ = "Asia/Tokyo";
    expect(
      bookingUpdateFor(
        booking("confirmed"),
        { type: "reschedule", startTime: "2026-03-08T03:30:00.000-04:00", outsideHours: true },
        ahead,
      ),
    ).toEqual({
      status: "pending",
      startTime: "2026-03-08T07:30:00.000Z",
      endTime: "2026-03-08T08:15:00.000Z",
      outsideHours: true,
    });
    expect(
      bookingUpdateFor(
        booking("pending"),
        { type: "reschedule", startTime: "2026-03-08T02:30", outsideHours: true },
        ahead,
      ),
    ).toEqual({ status: "pending", startTime: "2026-03-08T02:30", outsideHours: true });
  });
});
