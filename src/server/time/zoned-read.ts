import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import type { TimezoneMoved } from "./business-timezones";

/**
 * `answer`, an expression worked out in `timezone`, in the same statement that confirms the timezone is still
 * the business's (for createBusinessTimezones): one round trip where asking for the timezone first took two.
 * When it has moved, or the business is gone, `answer` is never evaluated.
 */
export async function readInZone<T>(
  db: Executor,
  businessId: string,
  timezone: string,
  answer: SQL,
): Promise<T | TimezoneMoved> {
  const [row] = await rawRows<{ answer: T | null; timezone: string }>(
    db,
    sql`select case when timezone = ${timezone}::text then ${answer} end as answer, timezone
      from businesses where id = ${businessId}::uuid`,
  );
  if (!row) return { currentTimezone: null };
  return row.timezone === timezone && row.answer !== null ? row.answer : { currentTimezone: row.timezone };
}
