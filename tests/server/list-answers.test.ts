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
          return answers.answer(c, mark, { read });
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
