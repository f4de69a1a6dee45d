import { describe, expect, it } from "vitest";
import type { Slot } from "../../src/shared/availability.schema";
import {
  assistantBookingOf,
  assistantRequest,
  bookAsAssistant,
  errorOf,
  openPractice,
  type Practice,
  staffPut,
} from "../support/server-bookings";
import { dataOf } from "../support/server-calls";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

// The test clock starts Monday 2026-03-02 12:00Z (07:00 in New York); the practice opens 09:00–17:00 EST.
const DAY = "2026-03-03";
const TUESDAY_10 = "2026-03-03T10:00:00-05:00";
const MINUTE = 60_000;

type Caller = "assistant" | "staff";

/** GET …/slots of `caller` with `query` (serviceId, bookingId, from, to as given). */
const slotsRequest = (caller: Caller, practice: Practice, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return caller === "assistant"
    ? server.request(`/api/assistant/slots?${search}`, {
        headers: { "x-api-key": practice.key },
        origin: null,
      })
    : server.request(`/api/availability/slots?${search}`, { accessToken: practice.staff.accessToken });
};

const startsOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await dataOf<Slot[]>(response)).map((slot) => slot.start);
};

/** A move of the booking to `startTime` as `caller` makes it. */
const moveAs = (caller: Caller, practice: Practice, id: string, startTime: string) =>
  caller === "assistant"
    ? assistantRequest(server, practice.key, `/${id}`, {
        method: "PUT",
        json: { action: "reschedule", startTime },
      })
    : staffPut(server, practice.staff, id, { status: "pending", startTime });

/** A practice of 60-minute appointments booked at 10:00 and 12:00, whose service now lasts 30 minutes. */
async function movedPractice() {
  const practice = await openPractice(server, 60);
  const booked = await assistantBookingOf(await bookAsAssistant(server, practice, { startTime: TUESDAY_10 }));
  await bookAsAssistant(server, practice, { startTime: "2026-03-03T12:00:00-05:00" });
  const shorter = await server.request(`/api/services/${practice.service._id}`, {
    method: "PUT",
    json: { name: "Cleaning", duration: 30, price: 45, isActive: true },
    accessToken: practice.staff.accessToken,
  });
  expect(shorter.status).toBe(200);
  return { practice, booked };
}

describe.each(["assistant", "staff"] as const)("GET slots with bookingId (%s)", (caller) => {
  it("offers the booking's own time and its overlapping neighbours at its booked duration, each accepted by a move", async () => {
    const { practice, booked } = await movedPractice();
    const service = await startsOf(
      await slotsRequest(caller, practice, { serviceId: practice.service._id, from: DAY, to: DAY }),
    );
    // The service's own slots: 30 minutes now, and 10:00–11:00 is taken.
    expect(service).toContain("2026-03-03T09:30:00-05:00");
    expect(service).not.toContain(TUESDAY_10);

    const response = await slotsRequest(caller, practice, { bookingId: booked.id, from: DAY, to: DAY });
    const slots = await dataOf<Slot[]>(response);
    const starts = slots.map((slot) => slot.start);
    for (const start of ["09:15", "09:30", "09:45", "10:00", "10:15", "10:30", "10:45", "11:00"])
      expect(starts, start).toContain(`${DAY}T${start}:00-05:00`);
    // The other booking still holds 12:00–13:00: a 60-minute move may end at 12:00, not after.
    expect(starts).not.toContain(`${DAY}T11:15:00-05:00`);
    // The booked 60 minutes, not the service's 30 of today.
    for (const slot of slots) expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(60 * MINUTE);
    // The same with the booking's serviceId given.
    expect(
      await startsOf(
        await slotsRequest(caller, practice, {
          serviceId: practice.service._id,
          bookingId: booked.id,
          from: DAY,
          to: DAY,
        }),
      ),
    ).toEqual(starts);

    // Every start offered is one a move accepts (its own time keeps counting as free from wherever it is).
    for (const start of starts) {
      const moved = await moveAs(caller, practice, booked.id, start);
      expect(moved.status, start).toBe(200);
    }
  });

  it("answers a booking whose service was deleted, and refuses other businesses', final and missing ones", async () => {
    const { practice, booked } = await movedPractice();
    const gone = await server.request(`/api/services/${practice.service._id}`, {
      method: "DELETE",
      accessToken: practice.staff.accessToken,
    });
    expect(gone.status).toBe(200);
    expect(
      await startsOf(await slotsRequest(caller, practice, { bookingId: booked.id, from: DAY, to: DAY })),
    ).toContain(TUESDAY_10);

    const other = await openPractice(server);
    const foreign = await slotsRequest(caller, other, { bookingId: booked.id, from: DAY, to: DAY });
    expect(foreign.status).toBe(404);
    const unknown = await slotsRequest(caller, practice, {
      bookingId: crypto.randomUUID(),
      from: DAY,
      to: DAY,
    });
    expect(unknown.status).toBe(404);

    const neither = await slotsRequest(caller, practice, { from: DAY, to: DAY });
    expect(neither.status).toBe(400);
    expect(await errorOf(neither)).toMatchObject({ code: "VALIDATION", field: "serviceId" });
    const notItsService = await slotsRequest(caller, practice, {
      bookingId: booked.id,
      serviceId: other.service._id,
      from: DAY,
      to: DAY,
    });
    expect(notItsService.status).toBe(400);
    expect(await errorOf(notItsService)).toMatchObject({ field: "serviceId" });

    expect((await staffPut(server, practice.staff, booked.id, { status: "cancelled" })).status).toBe(200);
    const cancelled = await slotsRequest(caller, practice, { bookingId: booked.id, from: DAY, to: DAY });
    expect(cancelled.status).toBe(409);
    expect(await errorOf(cancelled)).toMatchObject({ code: "BOOKING_STATUS", currentStatus: "cancelled" });
  });
});
