import type { RetentionPreview } from "@shared/privacy.schema";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { callHoldsContent, calls } from "../db/schema/calls.schema";
import type { RetentionCuts } from "./retention-cuts";

/** A business whose retention has something to purge, with what its cuts are computed from. */
export type RetainingBusiness = {
  id: string;
  timezone: string;
  callContentDays: number | null;
  callRowDays: number | null;
  bookingPersonalDays: number | null;
};

/** Every business that keeps some of its data for a limited time. */
export function listRetainingBusinesses(db: Executor): Promise<RetainingBusiness[]> {
  return rawRows<RetainingBusiness>(
    db,
    sql`select id, timezone, call_content_days as "callContentDays", call_row_days as "callRowDays",
        booking_personal_days as "bookingPersonalDays"
      from businesses
      where call_content_days is not null or call_row_days is not null or booking_personal_days is not null
      order by id`,
  );
}

const at = (instant: Date | null) => instant?.toISOString() ?? null;

/**
 * What a purge at these cuts would take, in one statement: calls losing content they hold (those the row
 * purge deletes are counted there), calls deleted (from the counters), bookings losing their customer's details.
 */
export async function previewRetention(
  db: Executor,
  businessId: string,
  cuts: RetentionCuts,
): Promise<RetentionPreview> {
  const [row] = await rawRows<RetentionPreview>(
    db,
    sql`select
        (select count(*)::int from calls
          where business_id = ${businessId}::uuid and ${callHoldsContent(calls)}
            and started_at < ${at(cuts.content)}::timestamptz
            and (${at(cuts.rows)}::timestamptz is null or started_at >= ${at(cuts.rows)}::timestamptz)
        ) as "callContents",
        (select coalesce(sum(n), 0)::int from calls_range_counts(${businessId}::uuid, null, ${at(cuts.rows)}::timestamptz)
          where ${at(cuts.rows)}::timestamptz is not null and status = ''
        ) as "calls",
        (select count(*)::int from bookings
          where business_id = ${businessId}::uuid and personal_removed_at is null
            and end_time < ${at(cuts.bookings)}::timestamptz
        ) as "bookings"`,
  );
  return row!;
}
