import { bigint, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn } from "./businesses.schema";

/**
 * How many calls of each status the retention purge has deleted from a business (calls_purge adds to it in
 * the statement that deletes them). call_counts follows the rows, so lists and their totals stay exact;
 * the dashboard's all-time totals add these, so they keep counting calls that are gone.
 */
export const purgedCallCounts = pgTable(
  "purged_call_counts",
  {
    businessId: businessIdColumn(),
    status: text("status").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.status] })],
);

/**
 * Which calls the retention purge deleted from a business: each by a digest of its externalId (SHA-256 in hex,
 * calls_external_digest: an assistant's id of a call may hold anything, and nothing readable of a purged call
 * should stay), with the id it had. A later report of one (a re-imported history, a late delivery) is answered
 * as that call and not stored again (calls_report, calls_report_batch), so purged_call_counts and the rows
 * never count one call twice.
 */
export const purgedCalls = pgTable(
  "purged_calls",
  {
    businessId: businessIdColumn(),
    externalIdDigest: text("external_id_digest").notNull(),
    callId: uuid("call_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.externalIdDigest] })],
);
