import type { BookingList } from "@shared/booking.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBookings } from "../../src/server/repos/bookings-write.repo";
import { type SignedIn, signUp } from "../support/server-accounts";
import { bulkBooking, openPractice, STAFF_ACTOR, staffPut } from "../support/server-bookings";
import { createAssistantKey, dataOf, listCalls, reportCall } from "../support/server-calls";
import { createTestClock, MINUTE } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";

// The list answers kept per tenant (http/tenant-answers.ts): a repeated read is answered from memory, and
// every write through the app, or time passing a booking's start, is seen by the very next read.

const NOW = new Date("2026-03-02T17:00:00.000Z");
const clock = createTestClock(NOW);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(() => server.close());

const bookingList = async (staff: SignedIn, query: string) =>
  dataOf<BookingList>(await server.request(`/api/bookings${query}`, { accessToken: staff.accessToken }));

describe("kept list answers", () => {
  it("answer a repeated read from memory until the tenant's calls change through the API", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const at = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE).toISOString();
    expect(
      (
        await reportCall(server, key, {
          externalId: "a",
          callerNumber: "+15550100",
          startedAt: at(30),
          status: "completed",
        })
      ).status,
    ).toBe(201);
    expect((await listCalls(server, staff, "?limit=10")).total).toBe(1);

    // Deleted behind the app's back (no writer reports it): the kept answer still lists the call, which shows
    // the read is answered from memory; a write through the API is then seen at once.
    await server.db.execute(sql`delete from calls where business_id = ${staff.user.businessId}::uuid`);
    expect((await listCalls(server, staff, "?limit=10")).total).toBe(1);
    expect(
      (
        await reportCall(server, key, {
          externalId: "b",
          callerNumber: "+15550101",
          startedAt: at(20),
          status: "missed",
        })
      ).status,
    ).toBe(201);
    const afterReport = await listCalls(server, staff, "?limit=10");
    expect(afterReport.data.map((call) => call.status)).toEqual(["missed"]);

    const imported = await server.request("/api/assistant/calls/import", {
      json: {
        calls: [{ externalId: "c", callerNumber: "+15550102", startedAt: at(10), status: "completed" }],
      },
      headers: { "x-api-key": key },
      origin: null,
    });
    expect(imported.status).toBe(200);
    expect((await listCalls(server, staff, "?limit=10")).data.map((call) => call.status)).toEqual([
      "completed",
      "missed",
    ]);
  });

  it("follow bookings as they are written, and move a booking from upcoming to past when it starts", async () => {
    const practice = await openPractice(server);
    const { staff } = practice;
    const startsAt = new Date(NOW.getTime() + 5 * MINUTE);
    await insertBookings(
      server.db,
      practice.businessId,
      [
        bulkBooking({
          serviceId: practice.service._id,
          startTime: startsAt,
          status: "pending",
          createdAt: NOW,
        }),
      ],
      STAFF_ACTOR,
    );
    const upcoming = await bookingList(staff, "?limit=10");
    expect(upcoming.data.map((b) => b.status)).toEqual(["pending"]);
    expect((await bookingList(staff, "?limit=10&scope=past")).total).toBe(0);

    const confirmed = await staffPut(server, staff, upcoming.data[0]!._id, { status: "confirmed" });
    expect(confirmed.status).toBe(200);
    expect((await bookingList(staff, "?limit=10")).data.map((b) => b.status)).toEqual(["confirmed"]);

    // Still upcoming at its very start; past a millisecond later, with no write in between.
    clock.set(startsAt);
    expect((await bookingList(staff, "?limit=10")).total).toBe(1);
    clock.set(new Date(startsAt.getTime() + 1));
    expect((await bookingList(staff, "?limit=10")).total).toBe(0);
    expect((await bookingList(staff, "?limit=10&scope=past")).total).toBe(1);
    clock.set(NOW);
  });
});
