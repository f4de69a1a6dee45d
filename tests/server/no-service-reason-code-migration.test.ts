import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgliteHandle } from "../../src/server/db/open-database";
import { migratedBefore } from "../support/migrated-before";
import { storeDeliveriesInTwoBusinesses } from "../support/stored-deliveries";

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
    const { businessIds, columnOf } = await storeDeliveriesInTwoBusinesses(
      handle.db,
      STORED.map(([event, result, reason, code]) => ({ event, result, reason, code })),
    );
    const codesOf = (businessId: string) => columnOf(businessId, "reason_code");
    const expected = STORED.map(([, , , , after]) => after);

    await handle.migrate();
    for (const businessId of businessIds) expect(await codesOf(businessId)).toEqual(expected);

    // Run again (as on a database restored from before it was recorded), it changes nothing.
    await handle.client.exec(readFileSync(MIGRATION, "utf8"));
    for (const businessId of businessIds) expect(await codesOf(businessId)).toEqual(expected);
  });
});
