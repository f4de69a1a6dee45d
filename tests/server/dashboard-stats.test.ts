import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeBooking, insertBookings } from "../../src/server/bookings/bookings-write.repo";
import { bookings } from "../../src/server/db/schema/bookings.schema";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import { services } from "../../src/server/db/schema/services.schema";
import type { CallStatus } from "../../src/shared/calls.schema";
import type { DashboardStats } from "../../src/shared/dashboard.schema";
import { refresh, type SignedIn, signUp } from "../support/server-accounts";
import { bulkBooking, SYSTEM_ACTOR } from "../support/server-bookings";
import { createAssistantKey, dataOf, reportCall } from "../support/server-calls";
import { createTestClock } from "../support/server-clock";
import { accessTokenOf, serverForFile } from "../support/server-harness";

// Noon in New York on the day clocks spring forward: that local day runs 05:00Z–04:00Z (23 hours).
const NOON = new Date("2026-03-08T16:00:00.000Z");
const clock = createTestClock(NOON);
const server = serverForFile({ clock });

const stats = async (staff: SignedIn) =>
  dataOf<DashboardStats>(await server.request("/api/dashboard/stats", { accessToken: staff.accessToken }));

async function tenantWith(calls: [startedAt: string, status: CallStatus][]) {
  const staff = await signUp(server);
  const { key } = await createAssistantKey(server, staff);
  for (const [i, [startedAt, status]] of calls.entries()) {
    const response = await reportCall(server, key, {
      externalId: `d-${i}`,
      callerNumber: `+1 555 01${i}`,
      startedAt,
      status,
    });
    expect(response.status).toBe(201);
  }
  return staff;
}

describe("GET /api/dashboard/stats", () => {
  it("counts today as the business's own calendar day, DST-correct", async () => {
    const staff = await tenantWith([
      ["2026-03-08T04:59:59.999Z", "missed"], // 23:59:59 yesterday in New York
      ["2026-03-08T05:00:00.000Z", "completed"], // today's first instant
      ["2026-03-08T14:00:00.000Z", "missed"],
      ["2026-03-08T15:30:00.000Z", "in-progress"],
      ["2026-03-08T15:45:00.000Z", "failed"],
      ["2026-03-08T15:50:00.000Z", "completed"],
      ["2026-03-08T15:55:00.000Z", "completed"],
      ["2026-03-09T04:00:00.000Z", "completed"], // tomorrow's first instant
    ]);
    const figures = await stats(staff);
    expect(figures).toMatchObject({
      callsToday: 6,
      answeredToday: 4,
      missedToday: 2,
      answerRate: 67,
      totalCalls: 8,
      missedCalls: 3,
      newBookings: 0,
      googleCalendarSynced: 0,
      timezone: "America/New_York",
    });
    expect(figures.recentCalls.map((call) => call.startTime)).toEqual([
      "2026-03-09T04:00:00.000Z",
      "2026-03-08T15:55:00.000Z",
      "2026-03-08T15:50:00.000Z",
      "2026-03-08T15:45:00.000Z",
      "2026-03-08T15:30:00.000Z",
    ]);
    // Today is remembered only while the clock stays inside it: from the next day's first instant it is
    // the 9th, and back a millisecond before, the 8th again.
    try {
      clock.set(new Date("2026-03-09T04:00:00.000Z"));
      // Twelve hours on, the access token has expired: a fresh one, as the client would get.
      const later = { ...staff, accessToken: accessTokenOf(await refresh(server, staff.refreshCookie))! };
      expect(await stats(later)).toMatchObject({ callsToday: 1, answeredToday: 1, missedToday: 0 });
      clock.set(new Date("2026-03-09T03:59:59.999Z"));
      expect(await stats(later)).toMatchObject({ callsToday: 6, answeredToday: 4, missedToday: 2 });
    } finally {
      clock.set(NOON);
    }
  });

  it("follows the business's timezone, and has no answer rate on a day without calls", async () => {
    const staff = await tenantWith([["2026-03-08T14:00:00.000Z", "completed"]]);
    expect(await stats(staff)).toMatchObject({ callsToday: 1, answerRate: 100 });
    // 16:00Z is already 01:00 on the 9th in Tokyo: the 14:00Z call (23:00 on the 8th there) was yesterday.
    await server.db
      .update(businesses)
      .set({ timezone: "Asia/Tokyo" })
      .where(eq(businesses.id, staff.user.businessId));
    // Moved behind the app's back (as another instance would).
    expect(await stats(staff)).toMatchObject({
      callsToday: 0,
      answeredToday: 0,
      missedToday: 0,
      answerRate: null,
      totalCalls: 1,
      timezone: "Asia/Tokyo",
    });
  });

  it("counts the bookings created today in the business's timezone, whatever their status", async () => {
    const staff = await tenantWith([]);
    const businessId = staff.user.businessId;
    const [service] = await server.db
      .insert(services)
      .values({ businessId, name: "Cleaning", durationMinutes: 30, priceCents: 0 })
      .returning();
    const made: [createdAt: string, status: "pending" | "cancelled" | "completed"][] = [
      ["2026-03-08T04:59:59.999Z", "pending"], // 23:59:59 yesterday in New York
      ["2026-03-08T05:00:00.000Z", "cancelled"], // today's first instant
      ["2026-03-08T15:59:00.000Z", "completed"],
      ["2026-03-09T04:00:00.000Z", "pending"], // tomorrow's first instant
    ];
    await insertBookings(
      server.db,
      businessId,
      made.map(([createdAt, status], i) =>
        bulkBooking({
          serviceId: service!.id,
          customerName: `Customer ${i}`,
          customerPhone: `+1 555 020${i}`,
          startTime: new Date(Date.parse("2026-03-10T14:00:00.000Z") + i * 3_600_000),
          status,
          createdAt: new Date(createdAt),
        }),
      ),
      SYSTEM_ACTOR,
    );
    expect(await stats(staff)).toMatchObject({ newBookings: 2, googleCalendarSynced: 0 });
    const other = await signUp(server);
    expect(await stats(other)).toMatchObject({ newBookings: 0 });
  });

  it("reads every change at once, behind the app's back too, and the next day from its midnight", async () => {
    const staff = await tenantWith([["2026-03-08T14:00:00.000Z", "completed"]]);
    const { businessId } = staff.user;
    expect(await stats(staff)).toMatchObject({ callsToday: 1, totalCalls: 1, newBookings: 0 });
    // Deleted behind the app's back, as another instance sharing the database would.
    await server.db.execute(sql`delete from calls where business_id = ${businessId}::uuid`);
    expect(await stats(staff)).toMatchObject({ callsToday: 0, totalCalls: 0 });
    const { key } = await createAssistantKey(server, staff, "Second line");
    const report = { externalId: "late", callerNumber: "+15550109", startedAt: "2026-03-08T15:00:00.000Z" };
    expect((await reportCall(server, key, { ...report, status: "missed" })).status).toBe(201);
    expect(await stats(staff)).toMatchObject({ callsToday: 1, missedToday: 1, totalCalls: 1 });
    const [service] = await server.db
      .insert(services)
      .values({ businessId, name: "Cleaning", durationMinutes: 30, priceCents: 0 })
      .returning();
    await insertBookings(
      server.db,
      businessId,
      [
        bulkBooking({
          serviceId: service!.id,
          startTime: new Date("2026-03-10T14:00:00.000Z"),
          createdAt: NOON,
        }),
      ],
      SYSTEM_ACTOR,
    );
    expect(await stats(staff)).toMatchObject({ newBookings: 1, callsToday: 1 });
    // A booking's change leaves the count of the bookings made today as it was.
    const [booking] = await server.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.businessId, businessId));
    const confirm = { type: "booking.confirm" } as const;
    await changeBooking(server.db, {
      businessId,
      bookingId: booking!.id,
      actor: SYSTEM_ACTOR,
      event: confirm,
      now: NOON,
    });
    expect(await stats(staff)).toMatchObject({ newBookings: 1, callsToday: 1 });
    // No write at all: the next day's first instant counts that day (New York's midnight, 04:00Z in summer time).
    try {
      clock.set(new Date("2026-03-09T04:00:00.000Z"));
      const later = { ...staff, accessToken: accessTokenOf(await refresh(server, staff.refreshCookie))! };
      expect(await stats(later)).toMatchObject({ callsToday: 0, totalCalls: 1, newBookings: 0 });
    } finally {
      clock.set(NOON);
    }
  });

  it("starts empty for a new business", async () => {
    const staff = await signUp(server);
    expect(await stats(staff)).toEqual({
      callsToday: 0,
      answeredToday: 0,
      missedToday: 0,
      answerRate: null,
      newBookings: 0,
      googleCalendarSynced: 0,
      totalCalls: 0,
      missedCalls: 0,
      timezone: "America/New_York",
      recentCalls: [],
    });
    expect((await server.request("/api/dashboard/stats")).status).toBe(401);
  });
});
