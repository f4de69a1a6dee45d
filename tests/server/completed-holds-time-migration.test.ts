import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgliteHandle } from "../../src/server/db/open-database";
import { rawRows } from "../../src/server/db/raw-rows";
import { migratedBefore } from "../support/migrated-before";

/*
 * Migration completed_holds_time on real rows: the database is migrated up to the one before it, given the
 * bookings the old rule allowed (a future booking completed early, another booked over such a one), then
 * migrated to the end.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

let handle: PgliteHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await migratedBefore("completed_holds_time"));
});
afterAll(() => close());

type Row = { id: string; status: string; version: number; occupied_start: string; occupied_end: string };

describe("migration completed_holds_time", () => {
  it("reopens early completions, releases only the completed side of an old overlap, then recreates the constraint", async () => {
    const { db } = handle;
    const [business] = await rawRows<{ id: string }>(
      db,
      sql`insert into businesses (name) values ('Practice') returning id`,
    );
    const businessId = business!.id;
    const now = Date.now();
    let created = 0;
    const book = async (status: string, start: number, minutes = 60) => {
      // Created one after another: the order decides which of two overlapping completed bookings keeps its time.
      const createdAt = new Date(now - 30 * DAY + created++ * HOUR).toISOString();
      const startTime = new Date(start).toISOString();
      const endTime = new Date(start + minutes * 60_000).toISOString();
      const [row] = await rawRows<{ id: string }>(
        db,
        sql`insert into bookings (business_id, source, service_name, duration_minutes, price_cents,
            buffer_before_minutes, buffer_after_minutes, customer_name, customer_phone, start_time, end_time,
            occupied_start, occupied_end, status, version, created_at, updated_at)
          values (${businessId}::uuid, 'staff', 'Check-up', ${minutes}, 0, 0, 10, 'Ada', '+15550001',
            ${startTime}::timestamptz, ${endTime}::timestamptz, ${startTime}::timestamptz,
            ${endTime}::timestamptz + interval '10 minutes', ${status}, 3, ${createdAt}::timestamptz,
            ${createdAt}::timestamptz)
          returning id`,
      );
      return row!.id;
    };
    const future = now + 10 * DAY;
    const past = now - 10 * DAY;
    const earlyAlone = await book("completed", future);
    const earlyBookedOver = await book("completed", future + DAY);
    const bookedOver = await book("confirmed", future + DAY + 30 * 60_000);
    const pastDone = await book("completed", past);
    const pastFirst = await book("completed", past + DAY);
    const pastSecond = await book("completed", past + DAY + 15 * 60_000);
    const cancelled = await book("cancelled", future);
    const read = async () =>
      new Map(
        (
          await rawRows<Row>(
            db,
            sql`select id, status, version, occupied_start::text, occupied_end::text from bookings`,
          )
        ).map((row) => [row.id, row]),
      );
    const old = await read();

    await handle.migrate();
    const rows = await read();

    // 1. Completed ahead of its time, overlapping nothing: confirmed again, with the system's event.
    expect(rows.get(earlyAlone)).toMatchObject({ status: "confirmed", version: 4 });
    expect(rows.get(earlyAlone)?.occupied_start).toBe(old.get(earlyAlone)?.occupied_start);
    const events = await rawRows<{
      action: string;
      actor_kind: string;
      from_status: string;
      version: number;
    }>(
      db,
      sql`select action, actor_kind, from_status, version from booking_events where booking_id = ${earlyAlone}::uuid`,
    );
    expect(events).toEqual([
      { action: "confirm", actor_kind: "system", from_status: "completed", version: 4 },
    ]);

    // 2. Completed, and booked over since: keeps its status, holds no time; the booking made over it is untouched.
    const released = rows.get(earlyBookedOver)!;
    expect(released.status).toBe("completed");
    expect(released.occupied_start).toBe(released.occupied_end);
    expect(rows.get(bookedOver)).toEqual(old.get(bookedOver));
    // Of two completed ones that overlap, the one made first keeps its time.
    expect(rows.get(pastFirst)).toEqual(old.get(pastFirst));
    expect(rows.get(pastSecond)?.occupied_start).toBe(rows.get(pastSecond)?.occupied_end);
    // Past completions overlapping nothing, and cancelled bookings, are left alone.
    expect(rows.get(pastDone)).toEqual(old.get(pastDone));
    expect(rows.get(cancelled)).toEqual(old.get(cancelled));

    // 3. The constraint now covers completed bookings: another over a completed one's time is refused.
    const overlap = await book("pending", past + 30 * 60_000).then(
      () => null,
      (error: unknown) => error,
    );
    expect(String((overlap as { cause?: unknown })?.cause ?? overlap)).toMatch(/bookings_no_double_booking/);
    // …and only cancelled ones free their time.
    await expect(book("pending", future + 10 * 60_000)).rejects.toThrow();
    expect(await book("pending", future + 2 * DAY)).toBeTruthy();

    // The predicate the busy-interval reader repeats, so the planner may read the constraint's gist index.
    const [index] = await rawRows<{ predicate: string }>(
      db,
      sql`select pg_get_expr(indpred, indrelid) as predicate from pg_index
        where indexrelid = 'bookings_no_double_booking'::regclass`,
    );
    expect(index?.predicate).toBe("(status <> 'cancelled'::text)");
  });
});
