import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { services } from "../../src/server/db/schema/services.schema";
import { ApiError } from "../../src/server/http/api-error";
import {
  type BookingActor,
  changeBooking,
  createBooking,
  insertBookings,
} from "../../src/server/repos/bookings-write.repo";
import { insertBusiness } from "../../src/server/repos/businesses.repo";
import { openTestDatabase, type TestDatabase } from "../support/server-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

const NOW = new Date("2026-03-01T12:00:00Z");
const STAFF: BookingActor = { kind: "staff", id: "u1", name: "front@example.com" };
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
  return { businessId: business.id, serviceId: service!.id };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? error : Promise.reject(error)),
  );

async function countsOf(bookingId: string) {
  const [row] = await rawRows<{ events: number; outbox: number }>(
    database.handle.db,
    sql`select (select count(*)::int from booking_events where booking_id = ${bookingId}::uuid) as events,
      (select count(*)::int from outbox where booking_id = ${bookingId}::uuid) as outbox`,
  );
  return row!;
}

describe("the bookings writer", () => {
  it("creates a pending booking with its snapshots, occupied range, event and outbox row", async () => {
    const { businessId, serviceId } = await practice();
    const { row, created } = await createBooking(database.handle.db, {
      businessId,
      actor: STAFF,
      now: NOW,
      booking: {
        source: "staff",
        serviceId,
        startTime: at("2026-03-02T15:00:00Z"),
        customerName: "Ada",
        customerPhone: "+15550001",
      },
    });
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
    expect(await countsOf(row.id)).toEqual({ events: 1, outbox: 1 });
    const [topic] = await rawRows<{ topic: string }>(
      database.handle.db,
      sql`select topic from outbox where booking_id = ${row.id}::uuid`,
    );
    expect(topic?.topic).toBe("booking.create");
  });

  it("is idempotent by externalId and refuses an overlap with SLOT_TAKEN, writing nothing", async () => {
    const { businessId, serviceId } = await practice();
    const booking = {
      source: "assistant" as const,
      externalId: "ext-1",
      serviceId,
      startTime: at("2026-03-02T15:00:00Z"),
      customerName: "Ada",
      customerPhone: "+15550001",
    };
    const input = { businessId, actor: STAFF, now: NOW, booking };
    const first = await createBooking(database.handle.db, input);
    const again = await createBooking(database.handle.db, input);
    expect(again).toEqual({ row: first.row, created: false });
    // 15:34 starts inside the first's buffer after (it occupies up to 15:35).
    const overlap = await refusal(
      createBooking(database.handle.db, {
        ...input,
        booking: { ...booking, externalId: "ext-2", startTime: at("2026-03-02T15:34:00Z") },
      }),
    );
    expect(overlap?.code).toBe("SLOT_TAKEN");
    expect(overlap?.status).toBe(409);
    const [count] = await rawRows<{ n: number }>(
      database.handle.db,
      sql`select count(*)::int as n from bookings where business_id = ${businessId}::uuid`,
    );
    expect(count?.n).toBe(1);
  });

  it("leaves the overlap to the database: of concurrent creations for one time (no check before), one holds it", async () => {
    const { businessId, serviceId } = await practice();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        createBooking(database.handle.db, {
          businessId,
          actor: STAFF,
          now: NOW,
          booking: {
            source: "staff",
            serviceId,
            startTime: new Date(at("2026-03-02T15:00:00Z").getTime() + i * 60_000),
            customerName: `Racer ${i}`,
            customerPhone: "+1",
          },
        }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results)
      if (result.status === "rejected")
        expect(result.reason).toMatchObject({ status: 409, code: "SLOT_TAKEN" });
    const [count] = await rawRows<{ bookings: number; events: number; outbox: number }>(
      database.handle.db,
      sql`select (select count(*)::int from bookings where business_id = ${businessId}::uuid) as bookings,
        (select count(*)::int from booking_events where business_id = ${businessId}::uuid) as events,
        (select count(*)::int from outbox where business_id = ${businessId}::uuid) as outbox`,
    );
    expect(count).toEqual({ bookings: 1, events: 1, outbox: 1 });
  });

  it("changes through the rule and keeps the snapshot when the service goes", async () => {
    const { businessId, serviceId } = await practice();
    const { db } = database.handle;
    const { row } = await createBooking(db, {
      businessId,
      actor: STAFF,
      now: NOW,
      booking: {
        source: "staff",
        serviceId,
        startTime: at("2026-03-02T15:00:00Z"),
        customerName: "Ada",
        customerPhone: "+1",
      },
    });
    await db.delete(services).where(eq(services.id, serviceId));
    const confirmed = await changeBooking(db, {
      businessId,
      bookingId: row.id,
      actor: STAFF,
      event: { type: "booking.confirm" },
      expectedVersion: 1,
      now: NOW,
    });
    expect(confirmed).toMatchObject({
      status: "confirmed",
      version: 2,
      serviceName: "Cleaning",
      serviceId: null,
    });
    const stale = await refusal(
      changeBooking(db, {
        businessId,
        bookingId: row.id,
        actor: STAFF,
        event: { type: "booking.cancel" },
        expectedVersion: 1,
        now: NOW,
      }),
    );
    expect(stale).toMatchObject({ code: "BOOKING_CHANGED", details: { currentStatus: "confirmed" } });
    const done = await changeBooking(db, {
      businessId,
      bookingId: row.id,
      actor: STAFF,
      event: { type: "booking.complete" },
      now: NOW,
    });
    expect(done.status).toBe("completed");
    const refused = await refusal(
      changeBooking(db, {
        businessId,
        bookingId: row.id,
        actor: STAFF,
        event: { type: "booking.cancel" },
        now: NOW,
      }),
    );
    expect(refused).toMatchObject({
      status: 409,
      code: "BOOKING_STATUS",
      details: { currentStatus: "completed" },
    });
    expect(await countsOf(row.id)).toEqual({ events: 3, outbox: 3 });
  });

  it("loads bookings in bulk with timelines that reach their status", async () => {
    const { businessId } = await practice();
    const { db } = database.handle;
    const base = {
      externalId: null,
      source: "assistant" as const,
      serviceId: null,
      serviceName: "Cleaning",
      durationMinutes: 30,
      priceCents: 0,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      customerName: "Bulk",
      customerPhone: "+1",
      notes: null,
      callId: null,
      callExternalId: null,
      createdAt: NOW,
    };
    const statuses = ["pending", "confirmed", "completed", "cancelled"] as const;
    const result = await insertBookings(
      db,
      businessId,
      statuses.map((status, i) => ({ ...base, status, startTime: new Date(Date.UTC(2026, 2, 2, 14 + i)) })),
      { kind: "system", id: null, name: null },
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
        [{ ...base, status: "pending", startTime: new Date(Date.UTC(2026, 2, 2, 14)) }],
        {
          kind: "system",
          id: null,
          name: null,
        },
      ),
    );
    expect(overlap?.code).toBe("SLOT_TAKEN");
  });
});
