import { bigint, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { businessIdColumn } from "./businesses.schema";

/**
 * A table of such counters (call_counts, and booking_counts in the same buckets): how many of a business's
 * rows of each status ('' counts every status) fall in bucket `bucket` of level `level`.
 */
export const bucketCountsTable = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      businessId: businessIdColumn(),
      status: text("status").notNull(),
      level: smallint("level").notNull(),
      bucket: bigint("bucket", { mode: "number" }).notNull(),
      n: integer("n").notNull(),
    },
    (t) => [primaryKey({ columns: [t.businessId, t.status, t.level, t.bucket] })],
  );

/**
 * How many calls a business has in each stretch of time, per status ('' counts every status), at four
 * widths of UTC-aligned buckets: level 1 an hour, 2 a day, 3 sixteen days, 4 256 days (each width divides
 * the next). Bucket b of a level holds the calls that started in [b·width, (b+1)·width) seconds of Unix
 * time. Statement triggers on calls keep them true for every write (db/functions/call-counts.sql), so a write costs
 * a few counter rows whatever the table holds, and a list page is found by walking a few dozen counters
 * from the newest end down to an hour, then a short index scan.
 */
export const callCounts = bucketCountsTable("call_counts");
