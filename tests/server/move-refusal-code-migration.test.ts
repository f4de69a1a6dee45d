import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgliteHandle } from "../../src/server/db/open-database";
import { rawRows } from "../../src/server/db/raw-rows";
import { migratedBefore } from "../support/migrated-before";

/*
 * Migration move_refusal_code on real rows: the refusals of moves made in Google were noted as the server's
 * English sentences; they become the refusal's code (and the time moved to, where the sentence named it).
 */

let handle: PgliteHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await migratedBefore("move_refusal_code"));
});
afterAll(() => close());

describe("migration move_refusal_code", () => {
  it("keeps each noted refusal as its code, and the time when the sentence named it", async () => {
    const { db } = handle;
    const [business] = await rawRows<{ id: string }>(
      db,
      sql`insert into businesses (name) values ('Practice') returning id`,
    );
    const businessId = business!.id;
    const noted = async (refusal: string | null, hour: number) => {
      const start = `2026-03-0${hour}T10:00:00Z`;
      const [booking] = await rawRows<{ id: string }>(
        db,
        sql`insert into bookings (business_id, source, service_name, duration_minutes, price_cents,
            buffer_before_minutes, buffer_after_minutes, customer_name, customer_phone, start_time, end_time,
            occupied_start, occupied_end, status, version, created_at, updated_at)
          values (${businessId}::uuid, 'staff', 'Check-up', 30, 0, 0, 0, 'Ada', '+15550001',
            ${start}::timestamptz, ${start}::timestamptz + interval '30 minutes', ${start}::timestamptz,
            ${start}::timestamptz + interval '30 minutes', 'pending', 1, now(), now())
          returning id`,
      );
      await rawRows(
        db,
        sql`insert into calendar_events (booking_id, business_id, event_id, booking_version, synced_at, move_refusal)
          values (${booking!.id}::uuid, ${businessId}::uuid, ${`event${hour}`}, 1, now(), ${refusal})`,
      );
      return booking!.id;
    };
    const outside = await noted("2026-03-04T00:00:00.000Z is outside the opening hours", 1);
    const taken = await noted("That time is no longer free: another booking holds it", 2);
    const status = await noted("A cancelled booking cannot be moved", 3);
    const other = await noted("Something else", 4);
    const none = await noted(null, 5);

    await handle.migrate();
    const rows = await rawRows<{ booking_id: string; code: string | null; moved_to: string | null }>(
      db,
      sql`select booking_id, move_refusal_code as code,
          to_char(move_refused_to at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as moved_to
        from calendar_events`,
    );
    const byBooking = new Map(rows.map(({ booking_id, ...rest }) => [booking_id, rest]));
    expect(byBooking.get(outside)).toEqual({ code: "OUTSIDE_HOURS", moved_to: "2026-03-04T00:00:00Z" });
    expect(byBooking.get(taken)).toEqual({ code: "SLOT_TAKEN", moved_to: null });
    expect(byBooking.get(status)).toEqual({ code: "BOOKING_STATUS", moved_to: null });
    expect(byBooking.get(other)).toEqual({ code: "CONFLICT", moved_to: null });
    expect(byBooking.get(none)).toEqual({ code: null, moved_to: null });
  });
});
