import type { Slot } from "@shared/availability.schema";
import type { BookingList } from "@shared/booking.schema";
import type { DashboardStats } from "@shared/dashboard.schema";
import type { Service } from "@shared/service.schema";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertBookings } from "../../src/server/bookings/bookings-write.repo";
import { purgeCalls } from "../../src/server/calls/calls-write.repo";
import { type SignedIn, signUp } from "../support/server-accounts";
import {
  bookAsAssistant,
  bulkBooking,
  openPractice,
  type Practice,
  STAFF_ACTOR,
  staffCreate,
  staffPut,
} from "../support/server-bookings";
import { createAssistantKey, dataOf, listCalls, reportCall } from "../support/server-calls";
import { createTestClock, MINUTE } from "../support/server-clock";
import { serverForFile } from "../support/server-harness";

// Every read goes to the database, on PGlite as on PostgreSQL: a list, a detail, the dashboard and the free
// slots reflect each write at once, whether made through this server or behind its back (as another instance
// sharing the database would make it), and time passing a booking's start with no write at all.

const NOW = new Date("2026-03-02T17:00:00.000Z");
const clock = createTestClock(NOW);

const server = serverForFile({ clock });

const bookingList = async (staff: SignedIn, query: string) =>
  dataOf<BookingList>(await server.request(`/api/bookings${query}`, { accessToken: staff.accessToken }));
const at = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE).toISOString();
/** A report whose caller's name is its external id, which the list shows. */
const call = (externalId: string, status = "completed", minutes = 10) => ({
  externalId,
  callerNumber: "+15550100",
  callerName: externalId,
  startedAt: at(minutes),
  status,
});

describe("the calls list, a call and the dashboard", () => {
  it("reflect every write at once, through the API or behind the server's back", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const dashboard = async () =>
      dataOf<DashboardStats>(
        await server.request("/api/dashboard/stats", { accessToken: staff.accessToken }),
      );
    expect((await reportCall(server, key, call("a", "completed", 30))).status).toBe(201);
    const first = await listCalls(server, staff, "?limit=10");
    expect(first.total).toBe(1);
    expect((await dashboard()).totalCalls).toBe(1);

    await server.db.execute(
      sql`update calls set caller_name = 'Renamed' where business_id = ${staff.user.businessId}::uuid`,
    );
    expect((await listCalls(server, staff, "?limit=10")).data.map((c) => c.customerName)).toEqual([
      "Renamed",
    ]);
    const detail = await server.request(`/api/calls/${first.data[0]!._id}`, {
      accessToken: staff.accessToken,
    });
    expect((await dataOf<{ customerName: string }>(detail)).customerName).toBe("Renamed");

    await server.db.execute(sql`delete from calls where business_id = ${staff.user.businessId}::uuid`);
    expect((await listCalls(server, staff, "?limit=10")).total).toBe(0);
    expect((await dashboard()).totalCalls).toBe(0);

    expect((await reportCall(server, key, call("b", "missed", 20))).status).toBe(201);
    const imported = await server.request("/api/assistant/calls/import", {
      json: { calls: [call("c", "completed", 5)] },
      headers: { "x-api-key": key },
      origin: null,
    });
    expect(imported.status).toBe(200);
    expect((await listCalls(server, staff, "?limit=10")).data.map((c) => c.status)).toEqual([
      "completed",
      "missed",
    ]);
    expect((await dashboard()).totalCalls).toBe(2);
  });

  it("a status filter's pages follow a new call, an update, and a change behind the server's back", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const listed = async (status: string) =>
      (await listCalls(server, staff, `?limit=10&status=${status}`)).data.map((c) => c.customerName);
    expect((await reportCall(server, key, call("missed-1", "missed", 30))).status).toBe(201);
    expect(await listed("missed")).toEqual(["missed-1"]);
    expect(await listed("completed")).toEqual([]);

    await server.db.execute(
      sql`delete from calls where business_id = ${staff.user.businessId}::uuid and status = 'missed'`,
    );
    expect(await listed("missed")).toEqual([]);
    expect((await reportCall(server, key, call("done-1", "completed", 20))).status).toBe(201);
    expect(await listed("completed")).toEqual(["done-1"]);
    expect((await reportCall(server, key, call("done-1", "missed", 20))).status).toBe(200);
    expect(await listed("completed")).toEqual([]);
    expect(await listed("missed")).toEqual(["done-1"]);
  });
});

describe("the bookings list and the free slots", () => {
  const TUESDAY_10 = "2026-03-03T10:00:00-05:00";
  const slotStarts = async (practice: Practice) =>
    (
      await dataOf<Slot[]>(
        await server.request(
          `/api/assistant/slots?serviceId=${practice.service._id}&from=2026-03-03&to=2026-03-03`,
          { headers: { "x-api-key": practice.key } },
        ),
      )
    ).map((slot) => slot.start);

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

  it("show a change behind the server's back at the next read, whatever was written meanwhile", async () => {
    const practice = await openPractice(server);
    const { staff } = practice;
    expect((await staffCreate(server, practice, { startTime: TUESDAY_10 })).status).toBe(201);
    expect((await bookingList(staff, "?limit=10")).data.map((b) => b.customerName)).toEqual(["Walk In"]);
    expect(await slotStarts(practice)).not.toContain(TUESDAY_10);

    await server.db.execute(
      sql`update bookings set customer_name = 'Renamed', status = 'cancelled'
        where business_id = ${practice.businessId}::uuid`,
    );
    expect((await bookingList(staff, "?limit=10")).data.map((b) => b.customerName)).toEqual(["Renamed"]);
    expect((await bookingList(staff, "?limit=10&status=cancelled")).total).toBe(1);
    expect((await bookingList(staff, "?limit=10&status=pending")).total).toBe(0);
    expect(await slotStarts(practice)).toContain(TUESDAY_10);
  });

  it("a status filter's pages follow a booking's change, to the status it reaches and from the one it leaves", async () => {
    const practice = await openPractice(server);
    const { staff } = practice;
    const made = await Promise.all(
      ["2026-03-03T10:00:00-05:00", "2026-03-03T14:00:00-05:00"].map(async (startTime) => {
        const response = await staffCreate(server, practice, { startTime });
        expect(response.status).toBe(201);
        return (await dataOf<{ _id: string }>(response))._id;
      }),
    );
    const [toConfirm, toCancel] = made as [string, string];
    const ids = async (status: string) =>
      (await bookingList(staff, `?limit=10&status=${status}`)).data.map((b) => b._id);
    expect((await staffPut(server, staff, toConfirm, { status: "confirmed" })).status).toBe(200);
    expect(await ids("confirmed")).toEqual([toConfirm]);
    expect(await ids("pending")).toEqual([toCancel]);
    expect((await staffPut(server, staff, toCancel, { status: "cancelled" })).status).toBe(200);
    expect(await ids("pending")).toEqual([]);
    expect(await ids("cancelled")).toEqual([toCancel]);
  });

  it("a booking names a call not reported yet once it is, and no longer once it is purged", async () => {
    const practice = await openPractice(server);
    const booked = await bookAsAssistant(server, practice, {
      startTime: TUESDAY_10,
      callExternalId: "later",
    });
    expect(booked.status).toBe(201);
    const callIds = async () => (await bookingList(practice.staff, "?limit=10")).data.map((b) => b.callId);
    expect(await callIds()).toEqual([null]);
    const reported = await reportCall(server, practice.key, call("later"));
    expect(reported.status).toBe(201);
    const { _id: callId } = await dataOf<{ _id: string }>(reported);
    expect(await callIds()).toEqual([callId]);
    await purgeCalls(server.db, practice.businessId, NOW, 10);
    expect(await callIds()).toEqual([null]);
  });
});

describe("the services list", () => {
  it("shows a change behind the server's back at the next read", async () => {
    const practice = await openPractice(server);
    const names = async () =>
      (
        await dataOf<Service[]>(
          await server.request("/api/services", { accessToken: practice.staff.accessToken }),
        )
      ).map((service) => service.name);
    expect(await names()).toEqual(["Cleaning"]);
    await server.db.execute(
      sql`update services set name = 'Whitening' where business_id = ${practice.businessId}::uuid`,
    );
    expect(await names()).toEqual(["Whitening"]);
  });
});
