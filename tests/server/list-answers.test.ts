import type { Slot } from "@shared/availability.schema";
import type { BookingList } from "@shared/booking.schema";
import { type } from "arktype";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantChanged, tenantReadMark } from "../../src/server/db/tenant-read-cache";
import { ApiRouter, type RouteGuards } from "../../src/server/http/api-router";
import type { AppEnv } from "../../src/server/http/app-env";
import { createTenantAnswers } from "../../src/server/http/tenant-answers";
import { insertBookings } from "../../src/server/repos/bookings-write.repo";
import { purgeCalls } from "../../src/server/repos/calls-write.repo";
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

/** Answers are kept only on the embedded database (the PostgreSQL leg runs with TEST_DATABASE_URL). */
const embedded = !process.env.TEST_DATABASE_URL;

describe("kept list answers", () => {
  it.skipIf(!embedded)(
    "answer a repeated read from memory until the tenant's calls change through the API",
    async () => {
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
    },
  );

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

describe("what a write drops", () => {
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
  const call = (externalId: string, status = "completed") => ({
    externalId,
    callerNumber: "+15550100",
    startedAt: new Date(NOW.getTime() - 10 * MINUTE).toISOString(),
    status,
  });

  it.skipIf(!embedded)(
    "a call report leaves the bookings list as read and a bookings write drops it; free slots are always read afresh",
    async () => {
      const practice = await openPractice(server);
      const { staff } = practice;
      expect((await staffCreate(server, practice, { startTime: TUESDAY_10 })).status).toBe(201);
      expect((await bookingList(staff, "?limit=10")).data.map((b) => b.customerName)).toEqual(["Walk In"]);
      expect(await slotStarts(practice)).not.toContain(TUESDAY_10);

      // Changed behind the app's back (no writer reports it): what is kept still shows the booking as read.
      await server.db.execute(
        sql`update bookings set customer_name = 'Renamed', status = 'cancelled'
          where business_id = ${practice.businessId}::uuid`,
      );
      expect((await reportCall(server, practice.key, call("new-call"))).status).toBe(201);
      expect((await reportCall(server, practice.key, call("new-call", "missed"))).status).toBe(200);
      expect((await listCalls(server, staff, "?limit=10")).data.map((c) => c.status)).toEqual(["missed"]);
      expect((await bookingList(staff, "?limit=10")).data.map((b) => b.customerName)).toEqual(["Walk In"]);
      // The free slots keep nothing between requests (one data path on both databases): the cancellation shows.
      expect(await slotStarts(practice)).toContain(TUESDAY_10);

      // A write of bookings through the app: the list is read again, and so what was changed behind its back.
      expect((await staffCreate(server, practice, { startTime: "2026-03-03T14:00:00-05:00" })).status).toBe(
        201,
      );
      expect(
        (await bookingList(staff, "?limit=10&status=cancelled")).data.map((b) => b.customerName),
      ).toEqual(["Renamed"]);
      expect(await slotStarts(practice)).toContain(TUESDAY_10);
    },
  );

  it.skipIf(!embedded)(
    "a booking that names a call not reported yet shows it once it is; then only a purge drops the page",
    async () => {
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
      // Linked now: another call reported leaves the page kept (the rename behind the app's back unseen).
      await server.db.execute(
        sql`update bookings set customer_name = 'Renamed' where business_id = ${practice.businessId}::uuid`,
      );
      expect((await reportCall(server, practice.key, call("another"))).status).toBe(201);
      expect((await bookingList(practice.staff, "?limit=10")).data.map((b) => b.customerName)).toEqual([
        "Ada Lovelace",
      ]);
      await purgeCalls(server.db, practice.businessId, NOW, 10);
      expect((await bookingList(practice.staff, "?limit=10")).data).toMatchObject([
        { callId: null, customerName: "Renamed" },
      ]);
    },
  );
});

describe("what a status filter's page is made of", () => {
  const at = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE).toISOString();
  /** A report whose caller's name is its external id, which the list shows. */
  const report = (externalId: string, status: string, minutes: number) => ({
    externalId,
    callerNumber: "+15550100",
    callerName: externalId,
    startedAt: at(minutes),
    status,
  });
  const listed = async (staff: SignedIn, status: string) =>
    (await listCalls(server, staff, `?limit=10&status=${status}`)).data.map((c) => c.customerName);

  it.skipIf(!embedded)(
    "a new call drops the pages of its status only; an update drops those of every status",
    async () => {
      const staff = await signUp(server);
      const { key } = await createAssistantKey(server, staff);
      expect((await reportCall(server, key, report("missed-1", "missed", 30))).status).toBe(201);
      expect(await listed(staff, "missed")).toEqual(["missed-1"]);
      expect(await listed(staff, "completed")).toEqual([]);

      // Deleted behind the app's back (no writer reports it): a page still listing it is a kept one.
      const deleteMissed = () =>
        server.db.execute(
          sql`delete from calls where business_id = ${staff.user.businessId}::uuid and status = 'missed'`,
        );
      await deleteMissed();
      expect((await reportCall(server, key, report("done-1", "completed", 20))).status).toBe(201);
      expect(await listed(staff, "completed")).toEqual(["done-1"]);
      expect(await listed(staff, "missed")).toEqual(["missed-1"]);
      expect((await reportCall(server, key, report("missed-2", "missed", 10))).status).toBe(201);
      expect(await listed(staff, "missed")).toEqual(["missed-2"]);

      // An update: the status the call had is not known to the writer, so every status's pages are read again.
      await deleteMissed();
      expect((await reportCall(server, key, report("done-1", "completed", 20))).status).toBe(200);
      expect(await listed(staff, "missed")).toEqual([]);
    },
  );

  it.skipIf(!embedded)(
    "a booking's change drops the pages of the statuses it leaves and reaches, not those of the others",
    async () => {
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
      expect((await staffPut(server, staff, toConfirm, { status: "confirmed" })).status).toBe(200);
      const names = async (status: string) =>
        (await bookingList(staff, `?limit=10&status=${status}`)).data.map((b) => [b._id, b.customerName]);
      expect(await names("confirmed")).toEqual([[toConfirm, "Walk In"]]);
      expect(await names("pending")).toEqual([[toCancel, "Walk In"]]);
      expect(await names("cancelled")).toEqual([]);

      // Renamed behind the app's back: only a page read again shows it.
      await server.db.execute(
        sql`update bookings set customer_name = 'Renamed' where business_id = ${practice.businessId}::uuid`,
      );
      expect((await staffPut(server, staff, toCancel, { status: "cancelled" })).status).toBe(200);
      expect(await names("confirmed")).toEqual([[toConfirm, "Walk In"]]);
      expect(await names("pending")).toEqual([]);
      expect(await names("cancelled")).toEqual([[toCancel, "Renamed"]]);
      expect((await bookingList(staff, "?limit=10&scope=all")).data.map((b) => b.customerName)).toEqual([
        "Renamed",
        "Renamed",
      ]);
    },
  );
});

describe("a read under way", () => {
  it.skipIf(!embedded)(
    "is awaited by the requests for the same answer, even when it may not be kept",
    async () => {
      const tenantId = crypto.randomUUID();
      const user = async (c: Parameters<RouteGuards["user"]>[0], next: () => Promise<void>) => {
        c.set("auth", { userId: "u", businessId: tenantId });
        await next();
      };
      const guards: RouteGuards = { user, assistantKey: user, presumedAssistantKey: user };
      const router = new ApiRouter("/api/probe", guards);
      const answers = createTenantAnswers(server.db);
      let reads = 0;
      let open = () => {};
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      router.add(
        {
          method: "get",
          path: "/",
          summary: "probe",
          auth: "user",
          response: type({ read: "number" }),
          errors: [],
        },
        async (c) => {
          const mark = tenantReadMark();
          const read = ++reads;
          await gate;
          return answers.answer(c, mark, { read }, { reads: ["calls"] });
        },
        { answers, now: () => new Date() },
      );
      const app = new Hono<AppEnv>().route(router.basePath, router.app);

      const asked = Array.from({ length: 10 }, () => app.request("/api/probe"));
      // Every request has gone as far as it can without the database (only microtasks so far).
      await new Promise((resolve) => setImmediate(resolve));
      expect(reads).toBe(1);
      // A change while it reads: its answer is not kept, but those who asked before the change still get it.
      tenantChanged(tenantId, "calls");
      open();
      const bodies = await Promise.all(asked.map(async (response) => (await response).json()));
      expect(bodies).toEqual(Array.from({ length: 10 }, () => ({ success: true, data: { read: 1 } })));
      expect(await (await app.request("/api/probe")).json()).toEqual({ success: true, data: { read: 2 } });
    },
  );
});
