import type { BookingScope, BookingStatus } from "@shared/booking.constants";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countPendingBookings, listBookings } from "../../src/server/bookings/bookings-read.repo";
import {
  type BulkBooking,
  changeBooking,
  createBooking,
  insertBookings,
} from "../../src/server/bookings/bookings-write.repo";
import { insertBusiness } from "../../src/server/company/businesses.repo";
import { rawRows } from "../../src/server/db/raw-rows";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import { services } from "../../src/server/db/schema/services.schema";
import { seededRandom } from "../support/seeded-random";
import { bulkBooking, STAFF_ACTOR, SYSTEM_ACTOR, staffBookingInput } from "../support/server-bookings";
import { openTestDatabase, type TestDatabase } from "../support/server-database";
import { expectSamePage, expectTrueCounts } from "../support/true-counts";

// The counters behind the bookings list (booking_counts, migration 0016) against what they stand in for:
// a recount of the rows after every kind of write, and count(*) with ORDER BY … OFFSET for any page, filter,
// scope and range, over bookings that spread across years, crowd one day and one hour, and share start times.

let database: TestDatabase;
const db = () => database.handle.db;

const random = seededRandom(7);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const STATUSES: BookingStatus[] = ["pending", "confirmed", "completed", "cancelled"];
const SCOPES: BookingScope[] = ["upcoming", "past", "all"];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2025, 0, 1);
const SPAN = 3 * 365 * DAY;
const CROWDED_DAY = Date.UTC(2026, 2, 10);
const TIE = CROWDED_DAY + 15 * HOUR;

/** Instants on or next to hour and day edges, besides arbitrary ones. */
function randomInstant(): number {
  const base = START + Math.floor(random() * SPAN);
  switch (Math.floor(random() * 4)) {
    case 0:
      return base - (base % HOUR);
    case 1:
      return base - (base % DAY) - 1;
    case 2:
      return base - (base % DAY);
    default:
      return base;
  }
}

type Tenant = { businessId: string; serviceId: string };

async function tenant(name: string): Promise<Tenant> {
  const business = await insertBusiness(db(), { name, timezone: "Europe/Warsaw" });
  const [service] = await db()
    .insert(services)
    .values({ businessId: business.id, name: "Visit", durationMinutes: 30, priceCents: 1000 })
    .returning();
  return { businessId: business.id, serviceId: service!.id };
}

// Zero-length bookings occupy nothing, so any number may share a day, an hour or an instant.
const bulk = (t: Tenant, startTime: number, status: BookingStatus, i: number): BulkBooking =>
  bulkBooking({
    source: "staff",
    serviceId: t.serviceId,
    serviceName: "Visit",
    durationMinutes: 0,
    priceCents: 1000,
    customerName: `Customer ${i}`,
    customerPhone: `+4860000${String(i).padStart(4, "0")}`,
    startTime: new Date(startTime),
    status,
    createdAt: new Date(startTime - DAY),
  });

type Filter = {
  status: BookingStatus | null;
  scope: BookingScope;
  from: Date | null;
  to: Date | null;
  page: number;
  limit: number;
  now: Date;
};

/** The list as the plain SQL it replaces would read it: count(*), then ORDER BY … OFFSET … LIMIT. */
async function naive(businessId: string, f: Filter) {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const where = sql`business_id = ${businessId}::uuid
    and (${f.status}::text is null or status = ${f.status}::text)
    and (${iso(f.from)}::timestamptz is null or start_time >= ${iso(f.from)}::timestamptz)
    and (${iso(f.to)}::timestamptz is null or start_time < ${iso(f.to)}::timestamptz)
    and (${f.scope} <> 'upcoming' or start_time >= ${iso(f.now)}::timestamptz)
    and (${f.scope} <> 'past' or start_time < ${iso(f.now)}::timestamptz)`;
  const [counted] = await rawRows<{ total: number }>(
    db(),
    sql`select count(*)::int as total from bookings where ${where}`,
  );
  const order = f.scope === "past" ? sql`start_time desc, id desc` : sql`start_time, id`;
  const ids = await rawRows<{ id: string }>(
    db(),
    sql`select id from bookings where ${where} order by ${order}
      offset ${(f.page - 1) * f.limit} limit ${f.limit}`,
  );
  return { total: counted!.total, ids: ids.map((row) => row.id) };
}

const listed = (businessId: string, f: Filter) =>
  listBookings(db(), businessId, {
    status: f.status,
    scope: f.scope,
    range: { from: f.from, to: f.to },
    page: f.page,
    limit: f.limit,
    now: f.now,
  });

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  a = await tenant("Counted Clinic");
  b = await tenant("Other Clinic");
  const rows: BulkBooking[] = [];
  for (let i = 0; i < 1200; i++) rows.push(bulk(a, randomInstant(), pick(STATUSES), rows.length));
  // A crowded day, a crowded hour inside it (more than the 200 rows read straight from an end), a tie.
  for (let i = 0; i < 500; i++)
    rows.push(bulk(a, CROWDED_DAY + Math.floor(random() * DAY), pick(STATUSES), rows.length));
  for (let i = 0; i < 300; i++)
    rows.push(bulk(a, CROWDED_DAY + 9 * HOUR + Math.floor(random() * HOUR), pick(STATUSES), rows.length));
  for (let i = 0; i < 40; i++) rows.push(bulk(a, TIE, pick(STATUSES), rows.length));
  // One load of most, then several smaller ones out of time order; the other business in between.
  await insertBookings(db(), a.businessId, rows.slice(0, 1400), SYSTEM_ACTOR);
  await insertBookings(
    db(),
    b.businessId,
    Array.from({ length: 300 }, (_, i) => bulk(b, randomInstant(), pick(STATUSES), i)),
    SYSTEM_ACTOR,
  );
  for (let start = 1400; start < rows.length; start += 220)
    await insertBookings(db(), a.businessId, rows.slice(start, start + 220).reverse(), SYSTEM_ACTOR);
}, 180_000);
afterAll(() => database?.drop());

describe("booking counters", () => {
  it("are exact after bulk loads in any order, for each business", async () => {
    expect(await expectTrueCounts(db(), a.businessId, "bookings")).toBeGreaterThan(0);
    expect(await expectTrueCounts(db(), b.businessId, "bookings")).toBeGreaterThan(0);
  });

  it("give the same totals and pages as count(*) and OFFSET, for any filter, scope, range and depth", async () => {
    const instants = () =>
      random() < 0.3 ? pick([CROWDED_DAY, TIE, CROWDED_DAY + 9.5 * HOUR]) : randomInstant();
    for (let round = 0; round < 160; round++) {
      const x = random() < 0.4 ? null : instants();
      const y = random() < 0.4 ? null : instants();
      const [from, to] = x !== null && y !== null && x > y ? [y, x] : [x, y];
      const f: Filter = {
        status: random() < 0.4 ? null : pick(STATUSES),
        scope: pick(SCOPES),
        from: from === null ? null : new Date(from),
        to: to === null ? null : new Date(to),
        page: 1,
        limit: pick([1, 7, 10, 100]),
        now: new Date(instants()),
      };
      const { total } = await naive(a.businessId, { ...f, limit: 1 });
      const pages = Math.max(1, Math.ceil(total / f.limit));
      f.page = pick([1, 2, pages, pages - 1, Math.ceil(pages / 2), 1 + Math.floor(random() * (pages + 1))]);
      f.page = Math.max(1, f.page);
      const want = await naive(a.businessId, f);
      const got = await listed(a.businessId, f);
      expectSamePage(got, want, JSON.stringify(f));
    }
  });

  it("walk every page of a crowded day in order, ties included, with exact totals", async () => {
    const f: Filter = {
      status: null,
      scope: "all",
      from: new Date(CROWDED_DAY),
      to: new Date(CROWDED_DAY + DAY),
      page: 1,
      limit: 10,
      now: new Date(TIE),
    };
    const { total } = await naive(a.businessId, f);
    expect(total).toBeGreaterThan(800);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 10); page++) {
      const got = await listed(a.businessId, { ...f, page });
      expect(got.total).toBe(total);
      seen.push(...got.data.map((booking) => booking._id));
    }
    expect(seen).toEqual((await naive(a.businessId, { ...f, limit: total })).ids);
  });

  it("follow every write of the booking rule: create, confirm, reschedule to another day, complete, cancel", async () => {
    const now = new Date(Date.UTC(2026, 5, 1, 8));
    const created = [];
    for (let i = 0; i < 6; i++) {
      const { row } = await createBooking(
        db(),
        staffBookingInput(
          { ...a, now },
          {
            startTime: new Date(Date.UTC(2026, 5, 2 + i, 9)),
            customerName: `Walk-in ${i}`,
            customerPhone: "+48600000001",
          },
        ),
      );
      created.push(row);
    }
    await expectTrueCounts(db(), a.businessId, "bookings");
    const change = (id: string, event: Parameters<typeof changeBooking>[1]["event"], at = now) =>
      changeBooking(db(), { businessId: a.businessId, bookingId: id, actor: STAFF_ACTOR, event, now: at });
    await change(created[0]!.id, { type: "booking.confirm" });
    await expectTrueCounts(db(), a.businessId, "bookings");
    await change(created[1]!.id, { type: "booking.reschedule", startTime: Date.UTC(2026, 6, 20, 13, 30) });
    await expectTrueCounts(db(), a.businessId, "bookings");
    // Completed once it has started.
    await change(created[0]!.id, { type: "booking.complete" }, new Date(Date.UTC(2026, 5, 2, 10)));
    await change(created[2]!.id, { type: "booking.cancel" });
    await expectTrueCounts(db(), a.businessId, "bookings");
    const pending = await countPendingBookings(db(), a.businessId, now);
    const [truth] = await rawRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from bookings where business_id = ${a.businessId}::uuid
        and status = 'pending' and start_time >= ${now.toISOString()}::timestamptz`,
    );
    expect(pending).toBe(truth!.n);
  });

  it("stay true through 50 concurrent changes", async () => {
    const now = new Date(Date.UTC(2026, 7, 1, 8));
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const { row } = await createBooking(
        db(),
        staffBookingInput(
          { ...a, now },
          {
            startTime: new Date(Date.UTC(2026, 7, 3, 0) + i * HOUR),
            customerName: `Racer ${i}`,
            customerPhone: "+48600000002",
          },
        ),
      );
      ids.push(row.id);
    }
    // Two changes on each booking at once: a confirm racing a cancel or a move to another day.
    const results = await Promise.allSettled(
      ids.flatMap((id, i) => [
        changeBooking(db(), {
          businessId: a.businessId,
          bookingId: id,
          actor: STAFF_ACTOR,
          event: { type: "booking.confirm" },
          now,
        }),
        changeBooking(db(), {
          businessId: a.businessId,
          bookingId: id,
          actor: STAFF_ACTOR,
          event:
            i % 2
              ? { type: "booking.cancel" }
              : { type: "booking.reschedule", startTime: Date.UTC(2026, 8, 1 + (i % 20), 0) + i * HOUR },
          now,
        }),
      ]),
    );
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(25);
    await expectTrueCounts(db(), a.businessId, "bookings");
    await expectTrueCounts(db(), b.businessId, "bookings");
  });

  it("follow any statement on bookings: bulk moves and status changes, deletes", async () => {
    // Writes outside the rule (a repair by hand, a cascade) must not make the counters drift either.
    await db().execute(sql`update bookings set start_time = start_time - interval '37 hours',
        end_time = end_time - interval '37 hours', occupied_start = occupied_start - interval '37 hours',
        occupied_end = occupied_end - interval '37 hours'
      where id in (select id from bookings where business_id = ${a.businessId}::uuid
        and status in ('completed', 'cancelled') order by id limit 150)`);
    await db().execute(sql`update bookings set status = 'cancelled'
      where id in (select id from bookings where business_id = ${a.businessId}::uuid
        and status = 'pending' order by id desc limit 100)`);
    await db().execute(sql`update bookings set notes = 'seen' where business_id = ${a.businessId}::uuid`);
    await db().execute(sql`delete from bookings
      where id in (select id from bookings where business_id = ${a.businessId}::uuid order by id limit 90)`);
    await expectTrueCounts(db(), a.businessId, "bookings");
    await expectTrueCounts(db(), b.businessId, "bookings");
  });

  it("keep each business to its own: totals and pages never include another's bookings, nor outlive it", async () => {
    const everything: Filter = {
      status: null,
      scope: "all",
      from: null,
      to: null,
      page: 1,
      limit: 100,
      now: new Date(),
    };
    const [ownB] = await rawRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from bookings where business_id = ${b.businessId}::uuid`,
    );
    const listedB = await listed(b.businessId, everything);
    expect(listedB.total).toBe(ownB!.n);
    const lastB = await listed(b.businessId, { ...everything, page: Math.ceil(ownB!.n / 100) });
    const [owners] = await rawRows<{ others: number }>(
      db(),
      sql`select count(*)::int as others from bookings
        where id = any(${`{${[...listedB.data, ...lastB.data].map((x) => x._id).join(",")}}`}::uuid[])
          and business_id <> ${b.businessId}::uuid`,
    );
    expect(owners!.others).toBe(0);
    expect((await listed(a.businessId, everything)).total).toBe(
      (await naive(a.businessId, everything)).total,
    );
    // A business deleted with its bookings leaves no counters behind (and the delete is not refused).
    await db().delete(businesses).where(eq(businesses.id, b.businessId));
    const [left] = await rawRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from booking_counts where business_id = ${b.businessId}::uuid`,
    );
    expect(left!.n).toBe(0);
    await expectTrueCounts(db(), a.businessId, "bookings");
  });
});
