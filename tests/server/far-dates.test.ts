import { describe, expect, it } from "vitest";
import type { BookingList } from "../../src/shared/booking.schema";
import type { CallImportResult } from "../../src/shared/call-import.schema";
import type { CallList } from "../../src/shared/calls.schema";
import { signUp } from "../support/server-accounts";
import {
  assistantRequest,
  bookAsAssistant,
  bookingOf,
  bookingRowCounts,
  errorOf,
  openPractice,
  staffCreate,
  staffPut,
} from "../support/server-bookings";
import { createAssistantKey, dataOf, listCalls, reportCall } from "../support/server-calls";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

// ISO 8601 text and PostgreSQL's timestamptz agree on the years 0001–9999 (UTC) only: a time that lands
// outside them, by its own year or by an offset, a buffer or a day's end, was a 500.

describe("times at the ends of the calendar", () => {
  it("refuses a call report starting outside the years 1900–9998 with 400, alone or in an import, storing nothing", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    // The last one has no offset: the business's timezone (New York) would carry it into the year 10000.
    const times = [
      "0000-06-01T10:00:00Z",
      "1899-12-31T23:59:00Z",
      "9999-12-31T23:00:00-05:00",
      "9999-12-31T23:00:00",
    ];
    const report = (startedAt: string, i: number) => ({
      externalId: `far-${i}`,
      callerNumber: "+15550100",
      startedAt,
      durationSeconds: 30,
      status: "completed",
    });
    for (const [i, startedAt] of times.entries()) {
      const response = await reportCall(server, key, report(startedAt, i));
      expect(response.status, startedAt).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field: "startedAt" });
    }
    const imported = await dataOf<CallImportResult>(
      await server.request("/api/assistant/calls/import", {
        json: { calls: times.map(report) },
        headers: { "x-api-key": key },
        origin: null,
      }),
    );
    expect(imported.results.map((result) => (result.accepted ? "accepted" : result.error.code))).toEqual(
      times.map(() => "VALIDATION"),
    );
    expect((await listCalls(server, staff, "?page=1&limit=10")).total).toBe(0);
  });
  it("refuses a booking start outside the years 1900–9998 with 400 on every route, writing nothing", async () => {
    const practice = await openPractice(server);
    const booking = await bookingOf(
      await staffCreate(server, practice, { startTime: "2026-03-03T10:00:00-05:00" }),
    );
    const before = await bookingRowCounts(server, practice.businessId);
    for (const startTime of [
      "0000-06-01T10:00:00Z",
      "0001-01-01T00:00:00+05:00",
      "1899-12-31T23:59:00Z",
      "9999-01-01T00:00:00Z",
      "9999-12-31T23:30:00Z",
      "9999-12-31T23:00:00-05:00",
    ]) {
      for (const response of [
        await staffCreate(server, practice, { startTime, outsideHours: true }),
        await staffPut(server, practice.staff, booking._id, {
          status: "pending",
          startTime,
          outsideHours: true,
        }),
        await bookAsAssistant(server, practice, { startTime }),
        await assistantRequest(server, practice.key, `/${booking._id}`, {
          method: "PUT",
          json: { action: "reschedule", startTime },
        }),
      ]) {
        expect(response.status, startTime).toBe(400);
        expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field: "startTime" });
      }
    }
    expect(await bookingRowCounts(server, practice.businessId)).toEqual(before);
    // The years themselves are open to staff (outside the hours, confirmed).
    for (const startTime of ["1900-01-01T00:00:00Z", "9998-12-31T22:00:00Z"])
      expect((await staffCreate(server, practice, { startTime, outsideHours: true })).status, startTime).toBe(
        201,
      );
  });

  it("lists calls and bookings for days at the calendar's ends, in any timezone's reading", async () => {
    const practice = await openPractice(server);
    await staffCreate(server, practice, { startTime: "9998-12-31T22:00:00Z", outsideHours: true });
    const get = (path: string) => server.request(path, { accessToken: practice.staff.accessToken });
    for (const query of [
      "from=9999-12-31&to=9999-12-31",
      "from=9999-12-31T23:00:00-05:00",
      "from=0000-01-01&to=0000-01-02",
      "to=0000-01-01",
    ]) {
      const bookings = await get(`/api/bookings?scope=all&${query}`);
      expect(bookings.status, query).toBe(200);
      expect((await dataOf<BookingList>(bookings)).total, query).toBe(0);
    }
    const everything = await dataOf<BookingList>(
      await get("/api/bookings?scope=all&from=0000-01-01&to=9999-12-31"),
    );
    expect(everything.total).toBe(1);
    for (const query of [
      "startDate=9999-12-31&endDate=9999-12-31",
      "startDate=0000-01-01",
      "endDate=0000-01-01",
    ]) {
      const calls = await get(`/api/calls?${query}`);
      expect(calls.status, query).toBe(200);
      expect((await dataOf<CallList>(calls)).total, query).toBe(0);
    }
  });
});

describe("days of the year 0000, which ISO 8601 writes and PostgreSQL has not", () => {
  it("are refused with 400 naming the field: a closure, and the free slots for staff and the assistant", async () => {
    const practice = await openPractice(server);
    const { accessToken } = practice.staff;
    const closure = await server.request("/api/availability/blackout-dates", {
      json: { startDate: "0000-12-24", endDate: "2026-12-28", startTime: null, endTime: null },
      accessToken,
    });
    expect(closure.status).toBe(400);
    expect(await errorOf(closure)).toMatchObject({ code: "VALIDATION", field: "startDate" });
    const query = `serviceId=${practice.service._id}&from=0000-01-01&to=0000-01-31`;
    for (const response of [
      await server.request(`/api/availability/slots?${query}`, { accessToken }),
      await server.request(`/api/assistant/slots?${query}`, { headers: { "x-api-key": practice.key } }),
    ]) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: "VALIDATION",
        field: "from",
        message: expect.stringMatching(/^from must be a date in the years 0001–9999/),
      });
    }
  });
});
