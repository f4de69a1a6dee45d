import { describe, expect, it } from "vitest";
import type { BookingDetail, BookingStatus } from "../../src/shared/booking.schema";
import {
  assistantBookingOf,
  assistantRequest,
  bookAsAssistant,
  bookingOf,
  bookingRowCounts,
  errorOf,
  openPractice,
  type Practice,
  staffCreate,
  staffPut,
  staffPutAt,
  timelineOf,
} from "../support/server-bookings";
import { dataOf, reportCall } from "../support/server-calls";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const TUESDAY_9_UTC = Date.parse("2026-03-03T14:00:00Z"); // 09:00 in New York

/** A staff booking at `start`, then moved to `status` through the API. */
async function bookingIn(practice: Practice, status: BookingStatus, start: number) {
  const created = await bookingOf(
    await staffCreate(server, practice, { startTime: at(start), outsideHours: true }),
  );
  const steps: Record<BookingStatus, BookingStatus[]> = {
    pending: [],
    confirmed: ["confirmed"],
    completed: ["confirmed", "completed"],
    cancelled: ["cancelled"],
  };
  let booking = created;
  for (const next of steps[status])
    booking = await bookingOf(
      // Completed once the appointment has started, by the server's clock.
      next === "completed"
        ? await staffPutAt(server, practice.staff, booking._id, { status: next }, new Date(start))
        : await staffPut(server, practice.staff, booking._id, { status: next }),
    );
  return booking;
}

describe("PUT /api/bookings/:id", () => {
  it("follows spec 4 for every status and action: 200, or 409 BOOKING_STATUS with the current status and nothing written", async () => {
    const practice = await openPractice(server);
    const actions = [
      { name: "confirm", body: { status: "confirmed" } },
      { name: "complete", body: { status: "completed" } },
      { name: "cancel", body: { status: "cancelled" } },
      { name: "reschedule", body: { status: "pending" }, move: true },
      { name: "pending without startTime", body: { status: "pending" } },
    ] as const;
    const allowed: Record<BookingStatus, Record<string, BookingStatus | null>> = {
      pending: { confirm: "confirmed", complete: null, cancel: "cancelled", reschedule: "pending" },
      confirmed: { confirm: null, complete: "completed", cancel: "cancelled", reschedule: "pending" },
      completed: { confirm: null, complete: null, cancel: null, reschedule: null },
      cancelled: { confirm: null, complete: null, cancel: null, reschedule: null },
    };
    let slot = 0;
    for (const status of ["pending", "confirmed", "completed", "cancelled"] as const) {
      for (const action of actions) {
        const start = TUESDAY_9_UTC + slot++ * HOUR;
        const booking = await bookingIn(practice, status, start);
        const before = await bookingRowCounts(server, practice.businessId);
        const newStart = start + 30 * 60_000;
        const body =
          "move" in action
            ? { ...action.body, startTime: at(newStart), endTime: at(newStart), outsideHours: true }
            : action.body;
        // Asked once the appointment is under way (BOOKING_NOT_STARTED has its own test below).
        const response = await staffPutAt(
          server,
          practice.staff,
          booking._id,
          body,
          new Date(start + 60_000),
        );
        const expected = allowed[status][action.name] ?? null;
        const label = `${status} × ${action.name}`;
        if (expected) {
          expect(response.status, label).toBe(200);
          const changed = await bookingOf(response);
          expect(changed, label).toMatchObject({ status: expected, version: booking.version + 1 });
          expect(response.headers.get("etag"), label).toBe(`"${booking.version + 1}"`);
          if ("move" in action) {
            // endTime is ignored: the booked 30 minutes are kept.
            expect(changed.startTime).toBe(at(newStart));
            expect(changed.endTime).toBe(at(newStart + 30 * 60_000));
          }
          expect(await bookingRowCounts(server, practice.businessId), label).toEqual({
            ...before,
            events: before.events + 1,
            outbox: before.outbox + 1,
          });
          const { topics } = await timelineOf(server, booking._id);
          expect(topics.at(-1), label).toBe(`booking.${action.name}`);
        } else {
          expect(response.status, label).toBe(409);
          expect(await errorOf(response), label).toMatchObject({
            code: "BOOKING_STATUS",
            currentStatus: status,
          });
          expect(await bookingRowCounts(server, practice.businessId), label).toEqual(before);
        }
      }
    }
  });

  it("completes a booking only once its appointment has started: before, 409 BOOKING_NOT_STARTED naming the start, nothing written", async () => {
    const practice = await openPractice(server);
    const start = TUESDAY_9_UTC + 2 * HOUR;
    const booking = await bookingIn(practice, "confirmed", start);
    const before = await bookingRowCounts(server, practice.businessId);
    const complete = { status: "completed" };
    const early = await staffPutAt(server, practice.staff, booking._id, complete, new Date(start - 60_000));
    expect(early.status).toBe(409);
    const error = await errorOf(early);
    expect(error).toMatchObject({ code: "BOOKING_NOT_STARTED", currentStatus: "confirmed" });
    expect(error.message).toContain(at(start));
    expect(await bookingRowCounts(server, practice.businessId)).toEqual(before);
    const done = await staffPutAt(server, practice.staff, booking._id, complete, new Date(start));
    expect(done.status).toBe(200);
    expect(await bookingOf(done)).toMatchObject({ status: "completed", version: booking.version + 1 });
  });

  it("refuses a stale If-Match with 409 BOOKING_CHANGED, applies a current one, and reads the version from ETag", async () => {
    const practice = await openPractice(server);
    const created = await staffCreate(server, practice, { startTime: at(TUESDAY_9_UTC + HOUR) });
    expect(created.status).toBe(201);
    expect(created.headers.get("etag")).toBe('"1"');
    const booking = await bookingOf(created);
    const confirmed = await staffPut(
      server,
      practice.staff,
      booking._id,
      { status: "confirmed" },
      { "If-Match": '"1"' },
    );
    expect(confirmed.status).toBe(200);
    const stale = await staffPut(
      server,
      practice.staff,
      booking._id,
      { status: "cancelled" },
      { "If-Match": '"1"' },
    );
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({ code: "BOOKING_CHANGED", currentStatus: "confirmed" });
    const staleNoAction = await staffPut(
      server,
      practice.staff,
      booking._id,
      { status: "pending" },
      { "If-Match": "1" },
    );
    expect(await errorOf(staleNoAction)).toMatchObject({
      code: "BOOKING_CHANGED",
      currentStatus: "confirmed",
    });
    const bad = await staffPut(
      server,
      practice.staff,
      booking._id,
      { status: "cancelled" },
      { "If-Match": "soon" },
    );
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).field).toBe("If-Match");
    const current = await staffPut(
      server,
      practice.staff,
      booking._id,
      { status: "cancelled" },
      { "If-Match": 'W/"2"' },
    );
    expect(await bookingOf(current)).toMatchObject({ status: "cancelled", version: 3 });
    const { events } = await timelineOf(server, booking._id);
    expect(events.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(events.every((e) => e.actor === `staff:${practice.staff.user.email}`)).toBe(true);
  });

  it("keeps 50 concurrent confirm/cancel pairs consistent: one final status, a timeline of versions 1..n that ends in it", async () => {
    const practice = await openPractice(server);
    const booking = await bookingOf(await staffCreate(server, practice, { startTime: at(TUESDAY_9_UTC) }));
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => [
        staffPut(server, practice.staff, booking._id, { status: "confirmed" }),
        staffPut(server, practice.staff, booking._id, { status: "cancelled" }),
      ]).flat(),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const succeeded = statuses.filter((status) => status === 200).length;
    const { events, topics } = await timelineOf(server, booking._id);
    expect(events.map((event) => event.version)).toEqual(
      Array.from({ length: succeeded + 1 }, (_, i) => i + 1),
    );
    expect(topics).toHaveLength(succeeded + 1);
    // Cancel is allowed from pending and confirmed, so one always lands, and nothing follows it.
    expect(events.at(-1)?.to).toBe("cancelled");
    for (let i = 1; i < events.length; i++) expect(events[i]!.from).toBe(events[i - 1]!.to);
    const final = await staffPut(server, practice.staff, booking._id, { status: "cancelled" });
    expect(await errorOf(final)).toMatchObject({ currentStatus: "cancelled" });
  });

  it("answers a change with the call reported after the booking, as every read names it", async () => {
    const practice = await openPractice(server);
    const booked = await assistantBookingOf(
      await bookAsAssistant(server, practice, {
        startTime: "2026-03-03T10:00:00-05:00",
        callExternalId: "late",
      }),
    );
    const reported = await reportCall(server, practice.key, {
      externalId: "late",
      callerNumber: "+15550001111",
      startedAt: "2026-03-02T11:50:00Z",
      status: "completed",
    });
    const { _id: callId } = await dataOf<{ _id: string }>(reported);
    const confirmed = await bookingOf(
      await staffPut(server, practice.staff, booked.id, { status: "confirmed" }),
    );
    expect(confirmed.callId).toBe(callId);
    const detail = await dataOf<BookingDetail>(
      await server.request(`/api/bookings/${booked.id}`, { accessToken: practice.staff.accessToken }),
    );
    expect(detail).toMatchObject({ callId, call: { _id: callId } });
  });

  it("refuses a reschedule into a held time with 409 SLOT_TAKEN and keeps the booking as it was", async () => {
    const practice = await openPractice(server);
    const first = await bookingOf(await staffCreate(server, practice, { startTime: at(TUESDAY_9_UTC) }));
    const second = await bookingOf(
      await staffCreate(server, practice, { startTime: at(TUESDAY_9_UTC + HOUR) }),
    );
    const before = await bookingRowCounts(server, practice.businessId);
    const clash = await staffPut(server, practice.staff, second._id, {
      status: "pending",
      startTime: at(TUESDAY_9_UTC + 15 * 60_000),
    });
    expect(clash.status).toBe(409);
    const error = await errorOf(clash);
    expect(error.code).toBe("SLOT_TAKEN");
    expect(Array.isArray(error.nextFreeSlots)).toBe(true);
    expect(await bookingRowCounts(server, practice.businessId)).toEqual(before);
    // Cancelled, the first no longer holds its time.
    await staffPut(server, practice.staff, first._id, { status: "cancelled" });
    const moved = await staffPut(server, practice.staff, second._id, {
      status: "pending",
      startTime: at(TUESDAY_9_UTC + 15 * 60_000),
    });
    expect(moved.status).toBe(200);
  });

  it("asks before a move outside the opening hours (409 OUTSIDE_HOURS with free times), as for a new booking", async () => {
    const practice = await openPractice(server);
    const booking = await bookingOf(await staffCreate(server, practice, { startTime: at(TUESDAY_9_UTC) }));
    const before = await bookingRowCounts(server, practice.businessId);
    // After closing (16:45 + 30 min ends past 17:00), before opening, on a closed Saturday.
    for (const startTime of [
      "2026-03-03T16:45:00-05:00",
      "2026-03-04T08:50:00-05:00",
      "2026-03-07T10:00:00-05:00",
    ]) {
      const refused = await staffPut(server, practice.staff, booking._id, { status: "pending", startTime });
      expect(refused.status, startTime).toBe(409);
      const error = await errorOf(refused);
      expect(error).toMatchObject({ code: "OUTSIDE_HOURS", field: "startTime" });
      expect(error.nextFreeSlots?.every((slot) => slot.startsWith(startTime.slice(0, 10)))).toBe(true);
    }
    // The booking's own time counts as free among the suggestions.
    const evening = await errorOf(
      await staffPut(server, practice.staff, booking._id, {
        status: "pending",
        startTime: "2026-03-03T16:45:00-05:00",
      }),
    );
    expect(evening.nextFreeSlots?.[0]).toBe("2026-03-03T09:00:00-05:00");
    expect(await bookingRowCounts(server, practice.businessId)).toEqual(before);
    // Confirmed by staff, it moves (an overlap would still be refused).
    const moved = await staffPut(server, practice.staff, booking._id, {
      status: "pending",
      startTime: "2026-03-07T10:00:00-05:00",
      outsideHours: true,
    });
    expect(await bookingOf(moved)).toMatchObject({ startTime: "2026-03-07T15:00:00.000Z", version: 2 });
    // The rule and the version come first: no hours question for a move that could not happen anyway.
    await staffPut(server, practice.staff, booking._id, { status: "cancelled" });
    const final = await staffPut(server, practice.staff, booking._id, {
      status: "pending",
      startTime: "2026-03-07T12:00:00-05:00",
    });
    expect(await errorOf(final)).toMatchObject({ code: "BOOKING_STATUS", currentStatus: "cancelled" });
    const other = await bookingOf(await staffCreate(server, practice, { startTime: at(TUESDAY_9_UTC) }));
    const stale = await staffPut(
      server,
      practice.staff,
      other._id,
      { status: "pending", startTime: "2026-03-07T12:00:00-05:00" },
      { "if-match": '"7"' },
    );
    expect(await errorOf(stale)).toMatchObject({ code: "BOOKING_CHANGED", currentStatus: "pending" });
  });

  it("changes nothing for a move to the time the booking has already: status, version and timeline kept, nobody told (staff and the assistant API alike)", async () => {
    const practice = await openPractice(server);
    // Outside the opening hours and long past its notice: nothing about its time is asked again.
    const start = Date.parse("2026-03-07T15:00:00Z");
    const booking = await bookingIn(practice, "confirmed", start);
    const before = await bookingRowCounts(server, practice.businessId);
    const same = { status: "pending", startTime: "2026-03-07T10:00:00-05:00" };
    const staff = await staffPut(server, practice.staff, booking._id, same);
    expect(staff.status).toBe(200);
    expect(await bookingOf(staff)).toMatchObject({ status: "confirmed", version: booking.version });
    expect(staff.headers.get("etag")).toBe(`"${booking.version}"`);
    const assistant = await assistantRequest(server, practice.key, `/${booking._id}`, {
      method: "PUT",
      json: { action: "reschedule", startTime: at(start), version: booking.version },
    });
    expect(assistant.status).toBe(200);
    expect(await assistantBookingOf(assistant)).toMatchObject({
      status: "confirmed",
      version: booking.version,
    });
    expect(await bookingRowCounts(server, practice.businessId)).toEqual(before);
    // The rule still comes first: a cancelled booking is not moved, not even to its own time.
    await staffPut(server, practice.staff, booking._id, { status: "cancelled" });
    expect(await errorOf(await staffPut(server, practice.staff, booking._id, same))).toMatchObject({
      code: "BOOKING_STATUS",
      currentStatus: "cancelled",
    });
  });

  it("judges a move's hours by the booked duration, also once its service is gone", async () => {
    const practice = await openPractice(server, 60);
    const booking = await bookingOf(await staffCreate(server, practice, { startTime: at(TUESDAY_9_UTC) }));
    const deleted = await server.request(`/api/services/${practice.service._id}`, {
      method: "DELETE",
      accessToken: practice.staff.accessToken,
    });
    expect(deleted.ok).toBe(true);
    // 16:00 + 60 booked minutes ends at closing; 16:10 would end past it.
    const late = await staffPut(server, practice.staff, booking._id, {
      status: "pending",
      startTime: "2026-03-04T16:10:00-05:00",
    });
    expect((await errorOf(late)).code).toBe("OUTSIDE_HOURS");
    const moved = await staffPut(server, practice.staff, booking._id, {
      status: "pending",
      startTime: "2026-03-04T16:00:00-05:00",
    });
    expect(await bookingOf(moved)).toMatchObject({
      serviceId: null,
      serviceName: "Cleaning",
      endTime: "2026-03-04T22:00:00.000Z",
    });
  });

  it("keeps the real duration across both daylight-saving changes in New York", async () => {
    const practice = await openPractice(server, 45);
    // Friday 6 March 10:00 EST → Monday 9 March 10:00 EDT; Friday 30 October 10:00 EDT → Monday 2 November 10:00 EST.
    const cases = [
      ["2026-03-06T10:00:00-05:00", "2026-03-09T10:00", "2026-03-09T14:00:00.000Z"],
      ["2026-10-30T10:00:00-04:00", "2026-11-02T10:00", "2026-11-02T15:00:00.000Z"],
    ] as const;
    for (const [from, to, expectedStart] of cases) {
      const booking = await bookingOf(await staffCreate(server, practice, { startTime: from }));
      const moved = await bookingOf(
        await staffPut(server, practice.staff, booking._id, { status: "pending", startTime: to }),
      );
      expect(moved.startTime).toBe(expectedStart);
      expect(Date.parse(moved.endTime) - Date.parse(moved.startTime)).toBe(45 * 60_000);
    }
    // The assistant's reschedule too (within its booking horizon).
    const booked = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: "2026-03-06T11:00:00-05:00" }),
    );
    const moved = await assistantBookingOf(
      await assistantRequest(server, practice.key, `/${booked.id}`, {
        method: "PUT",
        json: { action: "reschedule", startTime: "2026-03-09T11:00" },
      }),
    );
    expect(moved).toMatchObject({
      startTime: "2026-03-09T11:00:00-04:00",
      endTime: "2026-03-09T11:45:00-04:00",
    });
  });

  it("answers 400 with the field for bad input and 404 for other businesses' or malformed ids, writing nothing", async () => {
    const ours = await openPractice(server);
    const theirs = await openPractice(server);
    const booking = await bookingOf(await staffCreate(server, theirs, { startTime: at(TUESDAY_9_UTC) }));
    const before = await bookingRowCounts(server, theirs.businessId);
    for (const id of [booking._id, "123", crypto.randomUUID()]) {
      const response = await staffPut(server, ours.staff, id, { status: "cancelled" });
      expect(response.status, id).toBe(404);
    }
    const cases: [unknown, string][] = [
      [{ status: "done" }, "status"],
      [{}, "status"],
      [{ status: "pending", startTime: "2026-13-01T10:00:00Z" }, "startTime"],
      [{ status: "pending", startTime: "2026-03-03" }, "startTime"],
      [{ status: "confirmed", extra: 1 }, "extra"],
    ];
    for (const [body, field] of cases) {
      const response = await staffPut(server, theirs.staff, booking._id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).field, JSON.stringify(body)).toBe(field);
    }
    expect(await bookingRowCounts(server, theirs.businessId)).toEqual(before);
    expect(
      (await server.request(`/api/bookings/${booking._id}`, { method: "PUT", json: { status: "cancelled" } }))
        .status,
    ).toBe(401);
  });
});

describe("POST /api/bookings", () => {
  it("adds a staff booking at any minute of the opening hours, asks before one outside them, never overlaps", async () => {
    const practice = await openPractice(server);
    const inside = await staffCreate(server, practice, {
      startTime: "2026-03-03T09:07:00-05:00",
      notes: "Walk-in",
    });
    expect(inside.status).toBe(201);
    expect(await bookingOf(inside)).toMatchObject({
      status: "pending",
      source: "staff",
      serviceName: "Cleaning",
      customerName: "Walk In",
      startTime: "2026-03-03T14:07:00.000Z",
      endTime: "2026-03-03T14:37:00.000Z",
      version: 1,
    });
    // Within the minimum notice of the assistant's slots (the clock is 07:00 that Monday): staff may.
    expect((await staffCreate(server, practice, { startTime: "2026-03-02T09:00:00-05:00" })).status).toBe(
      201,
    );
    for (const [startTime, freeThatDay] of [
      ["2026-03-03T16:45:00-05:00", true],
      ["2026-03-03T08:30:00-05:00", true],
      ["2026-03-07T10:00:00-05:00", false],
    ] as const) {
      const response = await staffCreate(server, practice, { startTime });
      expect(response.status, startTime).toBe(409);
      const error = await errorOf(response);
      expect(error.code).toBe("OUTSIDE_HOURS");
      // What to offer instead: that day's free slots (none on a closed Saturday).
      expect(error.nextFreeSlots?.length, startTime).toBe(freeThatDay ? 5 : 0);
      expect(error.nextFreeSlots?.every((slot) => slot.startsWith(startTime.slice(0, 10)))).toBe(true);
    }
    const confirmed = await staffCreate(server, practice, {
      startTime: "2026-03-07T10:00:00-05:00",
      outsideHours: true,
    });
    expect(confirmed.status).toBe(201);
    const overlap = await staffCreate(server, practice, {
      startTime: "2026-03-07T10:15:00-05:00",
      outsideHours: true,
    });
    expect(overlap.status).toBe(409);
    expect((await errorOf(overlap)).code).toBe("SLOT_TAKEN");
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 3,
      events: 3,
      outbox: 3,
    });
  });

  it("refuses bad input with 400 and a field, and another business's service with 404", async () => {
    const ours = await openPractice(server);
    const theirs = await openPractice(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ startTime: "2026-03-03T25:00:00Z" }, "startTime"],
      [{ startTime: "2026-03-03T10:00:00Z", customerName: "" }, "customerName"],
      [{ startTime: "2026-03-03T10:00:00Z", serviceId: "x" }, "serviceId"],
      [{ startTime: "2026-03-03T10:00:00Z", outsideHours: "yes" }, "outsideHours"],
    ];
    for (const [body, field] of cases) {
      const response = await staffCreate(server, ours, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).field, JSON.stringify(body)).toBe(field);
    }
    const foreign = await staffCreate(
      server,
      { ...ours, service: theirs.service },
      { startTime: "2026-03-03T10:00:00-05:00" },
    );
    expect(foreign.status).toBe(404);
    expect(await bookingRowCounts(server, ours.businessId)).toEqual({ bookings: 0, events: 0, outbox: 0 });
  });

  it("leaves bookings as they were booked when their service is changed, deactivated or deleted", async () => {
    const practice = await openPractice(server);
    const booking = await bookingOf(
      await staffCreate(server, practice, { startTime: "2026-03-03T10:00:00-05:00" }),
    );
    const { service, staff } = practice;
    const put = await server.request(`/api/services/${service._id}`, {
      method: "PUT",
      json: { name: "Deep clean", duration: 90, price: 99, isActive: false },
      accessToken: staff.accessToken,
    });
    expect(put.status).toBe(200);
    const confirmed = await bookingOf(await staffPut(server, staff, booking._id, { status: "confirmed" }));
    expect(confirmed).toMatchObject({ serviceName: "Cleaning", endTime: booking.endTime });
    const deleted = await server.request(`/api/services/${service._id}`, {
      method: "DELETE",
      accessToken: staff.accessToken,
    });
    expect(deleted.status).toBe(200);
    const moved = await bookingOf(
      await staffPut(server, staff, booking._id, {
        status: "pending",
        startTime: "2026-03-04T10:00:00-05:00",
      }),
    );
    expect(moved).toMatchObject({
      serviceName: "Cleaning",
      serviceId: null,
      endTime: "2026-03-04T15:30:00.000Z",
    });
  });
});
