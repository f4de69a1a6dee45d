import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BookingChange,
  changeBooking,
  createBooking,
  insertBookings,
} from "../../src/server/bookings/bookings-write.repo";
import { insertBusiness } from "../../src/server/company/businesses.repo";
import { rawRows } from "../../src/server/db/raw-rows";
import { services } from "../../src/server/db/schema/services.schema";
import { Refusal } from "../../src/server/refusal";
import {
  bookingRowCounts,
  bulkBooking,
  STAFF_ACTOR as STAFF,
  SYSTEM_ACTOR,
  staffBookingInput,
  timelineOf,
} from "../support/server-bookings";
import { openTestDatabase, type TestDatabase } from "../support/server-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

const NOW = new Date("2026-03-01T12:00:00Z");
const at = (iso: string) => new Date(iso);

async function practice() {
  const { db } = database.handle;
  const business = await insertBusiness(db, {
    name: "Writer Dental",
    timezone: "America/New_York",
    bufferBeforeMinutes: 10,
    bufferAfterMinutes: 5,
  });
  const [service] = await db
    .insert(services)
    .values({ businessId: business.id, name: "Cleaning", durationMinutes: 30, priceCents: 4500 })
    .returning();
  return { businessId: business.id, serviceId: service!.id, now: NOW };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof Refusal ? error : Promise.reject(error)),
  );

describe("the bookings writer", () => {
  it("creates a pending booking with its snapshots, occupied range, event and outbox row", async () => {
    const { row, created } = await createBooking(
      database.handle.db,
      staffBookingInput(await practice(), { startTime: at("2026-03-02T15:00:00Z") }),
    );
    expect(created).toBe(true);
    expect(row).toMatchObject({
      status: "pending",
      version: 1,
      serviceName: "Cleaning",
      durationMinutes: 30,
      priceCents: 4500,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 5,
      endTime: at("2026-03-02T15:30:00Z"),
      occupiedStart: at("2026-03-02T14:50:00Z"),
      occupiedEnd: at("2026-03-02T15:35:00Z"),
      createdAt: NOW,
    });
    expect(await timelineOf(database.handle, row.id)).toEqual({
      events: [{ version: 1, action: "create", from: null, to: "pending", actor: "staff:front@example.com" }],
      topics: ["booking.create"],
    });
  });

  it("lets only the assistant's bookings name a call (kept bookings lists rely on it), writing nothing else", async () => {
    const at2 = await practice();
    await expect(
      createBooking(
        database.handle.db,
        staffBookingInput(at2, { startTime: at("2026-03-02T15:00:00Z"), callExternalId: "call-1" }),
      ),
    ).rejects.toThrow("A staff booking cannot name a call");
    await expect(
      insertBookings(
        database.handle.db,
        at2.businessId,
        [
          bulkBooking({
            startTime: at("2026-03-02T16:00:00Z"),
            createdAt: NOW,
            source: "staff",
            callExternalId: "call-2",
          }),
        ],
        SYSTEM_ACTOR,
      ),
    ).rejects.toThrow("A staff booking cannot name a call");
    expect(await bookingRowCounts(database.handle, at2.businessId)).toEqual({
      bookings: 0,
      events: 0,
      outbox: 0,
    });
  });

  it("is idempotent by externalId and refuses an overlap with SLOT_TAKEN, writing nothing", async () => {
    const p = await practice();
    const booking = {
      source: "assistant" as const,
      externalId: "ext-1",
      startTime: at("2026-03-02T15:00:00Z"),
    };
    const first = await createBooking(database.handle.db, staffBookingInput(p, booking));
    const again = await createBooking(database.handle.db, staffBookingInput(p, booking));
    expect(again).toEqual({ row: first.row, created: false });
    // 15:34 starts inside the first's buffer after (it occupies up to 15:35).
    const overlap = await refusal(
      createBooking(
        database.handle.db,
        staffBookingInput(p, { ...booking, externalId: "ext-2", startTime: at("2026-03-02T15:34:00Z") }),
      ),
    );
    expect(overlap?.code).toBe("SLOT_TAKEN");
    expect(await bookingRowCounts(database.handle, p.businessId)).toEqual({
      bookings: 1,
      events: 1,
      outbox: 1,
    });
  });

  it("leaves the overlap to the database: of concurrent creations for one time (no check before), one holds it", async () => {
    const p = await practice();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        createBooking(
          database.handle.db,
          staffBookingInput(p, {
            startTime: new Date(at("2026-03-02T15:00:00Z").getTime() + i * 60_000),
            customerName: `Racer ${i}`,
          }),
        ),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results)
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "SLOT_TAKEN" });
    expect(await bookingRowCounts(database.handle, p.businessId)).toEqual({
      bookings: 1,
      events: 1,
      outbox: 1,
    });
  });

  it("changes through the rule and keeps the snapshot when the service goes", async () => {
    const p = await practice();
    const { db } = database.handle;
    const { row } = await createBooking(db, staffBookingInput(p, { startTime: at("2026-03-02T15:00:00Z") }));
    await db.delete(services).where(eq(services.id, p.serviceId));
    const change = (event: BookingChange, expectedVersion?: number, now = NOW) =>
      changeBooking(db, {
        businessId: p.businessId,
        bookingId: row.id,
        actor: STAFF,
        event,
        now,
        ...(expectedVersion !== undefined && { expectedVersion }),
      });
    expect(await change({ type: "booking.confirm" }, 1)).toMatchObject({
      status: "confirmed",
      version: 2,
      serviceName: "Cleaning",
      serviceId: null,
    });
    const stale = await refusal(change({ type: "booking.cancel" }, 1));
    expect(stale).toMatchObject({ code: "BOOKING_CHANGED", facts: { currentStatus: "confirmed" } });
    // Completed only once it has started (by the `now` given): before, 409 naming the start, nothing written.
    const early = await refusal(change({ type: "booking.complete" }, undefined, at("2026-03-02T14:59:59Z")));
    expect(early).toMatchObject({
      code: "BOOKING_NOT_STARTED",
      facts: { currentStatus: "confirmed" },
    });
    expect(early?.message).toContain("2026-03-02T15:00:00.000Z");
    expect((await change({ type: "booking.complete" }, 2, at("2026-03-02T15:00:00Z"))).status).toBe(
      "completed",
    );
    expect(await refusal(change({ type: "booking.cancel" }))).toMatchObject({
      code: "BOOKING_STATUS",
      facts: { currentStatus: "completed" },
    });
    expect((await timelineOf(database.handle, row.id)).topics).toEqual([
      "booking.create",
      "booking.confirm",
      "booking.complete",
    ]);
  });

  it("loads bookings in bulk with timelines that reach their status", async () => {
    const { businessId } = await practice();
    const { db } = database.handle;
    const statuses = ["pending", "confirmed", "completed", "cancelled"] as const;
    const result = await insertBookings(
      db,
      businessId,
      statuses.map((status, i) =>
        bulkBooking({ status, startTime: new Date(Date.UTC(2026, 2, 2, 14 + i)), createdAt: NOW }),
      ),
      SYSTEM_ACTOR,
    );
    expect(result).toEqual({ inserted: 4 });
    const rows = await rawRows<{ status: string; version: number; last: string; events: number }>(
      db,
      sql`select b.status, b.version,
          (select e.to_status from booking_events e where e.booking_id = b.id order by e.version desc limit 1) as last,
          (select count(*)::int from booking_events e where e.booking_id = b.id) as events
        from bookings b where b.business_id = ${businessId}::uuid order by b.start_time`,
    );
    expect(rows).toEqual([
      { status: "pending", version: 1, last: "pending", events: 1 },
      { status: "confirmed", version: 2, last: "confirmed", events: 2 },
      { status: "completed", version: 3, last: "completed", events: 3 },
      { status: "cancelled", version: 2, last: "cancelled", events: 2 },
    ]);
    // A holding booking's time is refused in bulk too.
    const overlap = await refusal(
      insertBookings(
        db,
        businessId,
        [bulkBooking({ startTime: new Date(Date.UTC(2026, 2, 2, 14)), createdAt: NOW })],
        SYSTEM_ACTOR,
      ),
    );
    expect(overlap?.code).toBe("SLOT_TAKEN");
    // A load is all or nothing: an overlap past its first 2,000 rows leaves none of them behind.
    const before = await bookingRowCounts(database.handle, businessId);
    const load = Array.from({ length: 2_001 }, (_, i) =>
      bulkBooking({ startTime: new Date(Date.UTC(2027, 0, 1) + i * 3_600_000), createdAt: NOW }),
    );
    load.push(bulkBooking({ startTime: new Date(Date.UTC(2026, 2, 2, 15)), createdAt: NOW }));
    expect((await refusal(insertBookings(db, businessId, load, SYSTEM_ACTOR)))?.code).toBe("SLOT_TAKEN");
    expect(await bookingRowCounts(database.handle, businessId)).toEqual(before);
  });
});
