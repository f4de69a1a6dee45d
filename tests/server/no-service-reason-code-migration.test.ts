import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgliteHandle } from "../../src/server/db/open-database";
import { rawRows } from "../../src/server/db/raw-rows";
import { migratedBefore } from "../support/migrated-before";

/*
 * Migration no_service_reason_code on real rows: the database is migrated up to the one before it, given the
 * refusals as migration 0037 (delivery_reason_codes) left them and as the server codes them now, in two
 * businesses, then migrated to the end.
 */

const MIGRATION = new URL("../../src/server/db/migrations/0040_no_service_reason_code.sql", import.meta.url);

let handle: PgliteHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await migratedBefore("no_service_reason_code"));
});
afterAll(() => close());

/** [event, result, reason, code] as stored before the migration, and the code it is to have after. */
const STORED: [string, string, string | null, string | null, string | null][] = [
  // As 0037 coded them: any NOT_FOUND as no_booking.
  ["tool:find_free_slots", "refused", "NOT_FOUND: No such active service", "no_booking", "unknown_service"],
  ["tool:book_appointment", "refused", "NOT_FOUND: No such active service", "no_booking", "unknown_service"],
  // Already right: coded by the server since, or a booking that is indeed unknown.
  [
    "tool:book_appointment",
    "refused",
    "NOT_FOUND: No such active service",
    "unknown_service",
    "unknown_service",
  ],
  ["tool:find_free_slots", "refused", 'no service "Massage"', "unknown_service", "unknown_service"],
  ["tool:cancel_booking", "refused", "NOT_FOUND: No such booking", "no_booking", "no_booking"],
  ["tool:cancel_booking", "refused", "no such booking", "no_booking", "no_booking"],
  ["end-of-call-report", "accepted", null, null, null],
];

describe("migration no_service_reason_code", () => {
  it("recodes the refusals for a service that is not active as unknown_service in every business, and nothing else", async () => {
    const { db } = handle;
    const businessIds: string[] = [];
    for (const name of ["Practice", "Other practice"]) {
      const [business] = await rawRows<{ id: string }>(
        db,
        sql`insert into businesses (name) values (${name}) returning id`,
      );
      const [connection] = await rawRows<{ id: string }>(
        db,
        sql`insert into assistant_connections (id, business_id, provider, secret, created_at)
          values (gen_random_uuid(), ${business!.id}::uuid, 'vapi', 'sealed', now()) returning id::text`,
      );
      businessIds.push(business!.id);
      for (const [index, [event, result, reason, code]] of STORED.entries())
        await rawRows(
          db,
          sql`insert into assistant_deliveries (business_id, connection_id, provider, provider_call_id, event,
              received_at, result, reason, reason_code)
            values (${business!.id}::uuid, ${connection!.id}::uuid, 'vapi', ${`call-${index}`}, ${event}, now(),
              ${result}, ${reason}, ${code})`,
        );
    }
    const codesOf = async (businessId: string) =>
      (
        await rawRows<{ code: string | null }>(
          db,
          sql`select reason_code as code from assistant_deliveries where business_id = ${businessId}::uuid
            order by id`,
        )
      ).map((row) => row.code);
    const expected = STORED.map(([, , , , after]) => after);

    await handle.migrate();
    for (const businessId of businessIds) expect(await codesOf(businessId)).toEqual(expected);

    // Run again (as on a database restored from before it was recorded), it changes nothing.
    await handle.client.exec(readFileSync(MIGRATION, "utf8"));
    for (const businessId of businessIds) expect(await codesOf(businessId)).toEqual(expected);
  });
});
