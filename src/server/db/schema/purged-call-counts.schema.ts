import { bigint, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.schema";

/**
 * How many calls of each status the retention purge has deleted from a business (calls_purge adds to it in
 * the statement that deletes them). call_counts follows the rows, so lists and their totals stay exact;
 * the dashboard's all-time totals add these, so they keep counting calls that are gone.
 */
export const purgedCallCounts = pgTable(
  "purged_call_counts",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.status] })],
);
