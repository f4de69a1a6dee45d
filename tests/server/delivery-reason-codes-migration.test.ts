import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgliteHandle } from "../../src/server/db/open-database";
import { rawRows } from "../../src/server/db/raw-rows";
import { migratedBefore } from "../support/migrated-before";

/*
 * Migration delivery_reason_codes on real rows: the database is migrated up to the one before it, given the
 * refusals the server stored until then (their English reason only), then migrated to the end.
 */

let handle: PgliteHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await migratedBefore("delivery_reason_codes"));
});
afterAll(() => close());

/** [event, result, reason] as stored before the migration, and the code it is to have after. */
const STORED: [string | null, string, string | null, string | null][] = [
  [null, "refused", "the Authorization bearer token does not match", "wrong_secret"],
  [null, "refused", "X-Vapi-Secret does not match", "wrong_secret"],
  [null, "refused", "no Authorization, X-Vapi-Secret or x-signature header", "no_credential"],
  [null, "refused", "x-timestamp is missing or not a number", "no_timestamp"],
  [null, "refused", "x-retell-signature is missing or not v=<ms>,d=<hex>", "no_signature"],
  [null, "refused", "the signature's timestamp is more than 5 minutes from our clock", "stale_timestamp"],
  [null, "refused", "the signature does not match", "bad_signature"],
  [null, "refused", "our copy of the secret cannot be read: rotate it", "unreadable_secret"],
  [null, "refused", "The request body is not valid JSON", "not_json"],
  [null, "refused", "message.call.id must be a string (was missing)", "unreadable_payload"],
  ["tool-calls", "refused", "message.toolCallList must be an array (was missing)", "unreadable_payload"],
  ["tool:send_flowers", "refused", 'unknown tool "send_flowers"', "unknown_tool"],
  ["tool:book_appointment", "refused", "arguments: service must be a string (was missing)", "bad_arguments"],
  ["tool:book_appointment", "refused", "VALIDATION: startTime must be an ISO time", "bad_arguments"],
  ["tool:find_free_slots", "refused", "no active service", "no_services"],
  ["tool:find_free_slots", "refused", 'no service "Massage"', "unknown_service"],
  ["tool:book_appointment", "refused", "no customerPhone and no caller number", "no_caller_number"],
  ["tool:cancel_booking", "refused", "no such booking", "no_booking"],
  ["tool:cancel_booking", "refused", "NOT_FOUND: Booking not found", "no_booking"],
  ["tool:book_appointment", "refused", "SLOT_TAKEN: That time is not free", "slot_taken"],
  [
    "tool:cancel_booking",
    "refused",
    "BOOKING_STATUS: A cancelled booking cannot change",
    "booking_unchangeable",
  ],
  ["tool:get_business_info", "refused", "failed on our side", "tool_failed"],
  ["end-of-call-report", "accepted", null, null],
  ["end-of-call-report", "duplicate", null, null],
];

describe("migration delivery_reason_codes", () => {
  it("codes every refusal stored before it by its English reason, and no other delivery", async () => {
    const { db } = handle;
    const [business] = await rawRows<{ id: string }>(
      db,
      sql`insert into businesses (name) values ('Practice') returning id`,
    );
    const businessId = business!.id;
    const [connection] = await rawRows<{ id: string }>(
      db,
      sql`insert into assistant_connections (id, business_id, provider, secret, created_at)
        values (gen_random_uuid(), ${businessId}::uuid, 'vapi', 'sealed', now()) returning id::text`,
    );
    for (const [index, [event, result, reason]] of STORED.entries())
      await rawRows(
        db,
        sql`insert into assistant_deliveries
            (business_id, connection_id, provider, provider_call_id, event, received_at, result, reason)
          values (${businessId}::uuid, ${connection!.id}::uuid, 'vapi', ${`call-${index}`}, ${event}, now(),
            ${result}, ${reason})`,
      );

    await handle.migrate();

    const rows = await rawRows<{ reason: string | null; code: string | null }>(
      db,
      sql`select reason, reason_code as code from assistant_deliveries order by id`,
    );
    expect(rows.map((row) => row.code)).toEqual(STORED.map(([, , , code]) => code));
    // From now on a refusal without its code, or a code on anything else, cannot be stored.
    const refusedUncoded = rawRows(
      db,
      sql`insert into assistant_deliveries (business_id, connection_id, provider, received_at, result, reason)
        values (${businessId}::uuid, ${connection!.id}::uuid, 'vapi', now(), 'refused', 'why')`,
    );
    await expect(refusedUncoded).rejects.toThrow(/assistant_deliveries_reason_code/);
  });
});
