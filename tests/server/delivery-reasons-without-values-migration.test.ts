import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgliteHandle } from "../../src/server/db/open-database";
import { migratedBefore } from "../support/migrated-before";
import { storeDeliveriesInTwoBusinesses } from "../support/stored-deliveries";

/*
 * Migration delivery_reasons_without_values on real rows: the database is migrated up to the one before it,
 * given refused deliveries whose reasons quote what a caller said (as the server wrote them before) and
 * others, in two businesses, then migrated to the end.
 */

const MIGRATION = new URL(
  "../../src/server/db/migrations/0047_delivery_reasons_without_values.sql",
  import.meta.url,
);

let handle: PgliteHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await migratedBefore("delivery_reasons_without_values"));
});
afterAll(() => close());

const SAID = "Ada Lovelace, +1 718 555 0142";
const CLIPPED_AT = 300;
const clipped =
  `arguments: customerPhone must be at most length 40 (was 52); date must be a date YYYY-MM-DD or "" (was "${SAID}, ${"and again ".repeat(30)}`.slice(
    0,
    CLIPPED_AT,
  );

/** [event, reason stored before the migration, reason after it]. */
const STORED: [string, string | null, string | null][] = [
  [
    "end-of-call-report",
    `The call's start must be an ISO 8601 date-time with its offset (was "${SAID}")`,
    "The call's start must be an ISO 8601 date-time with its offset",
  ],
  [
    "end-of-call-report",
    `The call cannot be stored: startedAt must be an ISO 8601 date (was "${SAID}")\nstatus must be "completed" or "missed" (was "Ada \\"the\\" caller")`,
    'The call cannot be stored: startedAt must be an ISO 8601 date\nstatus must be "completed" or "missed"',
  ],
  [
    "tool:find_free_slots",
    `arguments: date must be a date YYYY-MM-DD or "" (was "${SAID}")`,
    'arguments: date must be a date YYYY-MM-DD or ""',
  ],
  [
    "tool:reschedule_booking",
    `VALIDATION: startTime must lie between the years 1900 and 9998 (was "say "${SAID}"")`,
    "VALIDATION: startTime must lie between the years 1900 and 9998",
  ],
  ["tool:find_free_slots", `no service "${SAID}"`, "service names no active service"],
  // Cut open by the clip: from its quote to the end.
  [
    "tool:book_appointment",
    clipped,
    'arguments: customerPhone must be at most length 40 (was 52); date must be a date YYYY-MM-DD or ""',
  ],
  // Nothing quoted: kept as it is.
  [
    "tool:book_appointment",
    "arguments: customerName must be a string (was missing)",
    "arguments: customerName must be a string (was missing)",
  ],
  ["tool-calls", "The request body is not valid JSON", "The request body is not valid JSON"],
  ["end-of-call-report", null, null],
];

describe("migration delivery_reasons_without_values", () => {
  it("leaves no quoted text in any business's delivery reasons, and the rest as they were", async () => {
    const { businessIds, columnOf } = await storeDeliveriesInTwoBusinesses(
      handle.db,
      STORED.map(([event, reason]) => ({
        event,
        result: reason === null ? "accepted" : "refused",
        reason,
        code: reason === null ? null : "unreadable_payload",
      })),
    );
    const reasonsOf = (businessId: string) => columnOf(businessId, "reason");
    const expected = STORED.map(([, , after]) => after);

    await handle.migrate();
    for (const businessId of businessIds) expect(await reasonsOf(businessId)).toEqual(expected);

    // Run again (as on a database restored from before it was recorded), it changes nothing.
    await handle.client.exec(readFileSync(MIGRATION, "utf8"));
    for (const businessId of businessIds) expect(await reasonsOf(businessId)).toEqual(expected);
  });
});
