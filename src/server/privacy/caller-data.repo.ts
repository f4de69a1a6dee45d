import { OPEN_BOOKING_STATUSES } from "@shared/booking.constants";
import type { CallerBooking, CallerCall, ExportedCall } from "@shared/caller-data.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import { bookings } from "../db/schema/bookings.schema";
import { calls } from "../db/schema/calls.schema";
import { type CallerMatch, callerCondition } from "./caller-match";

/** The caller among the calls, and the customer among the bookings (see callerCondition). */
export const callerCalls = (match: CallerMatch) =>
  callerCondition(match, { phone: calls.callerNumber, name: calls.callerName });
export const customerBookings = (match: CallerMatch) =>
  callerCondition(match, { phone: bookings.customerPhone, name: bookings.customerName });

/** A call's columns as the privacy desk answers them, but for its transcript (see the two readers below). */
const callColumns = sql`id::text as "_id", ${isoUtc(sql`started_at`)} as "startTime",
  caller_number as "fromNumber", caller_name as "customerName", status, duration_seconds as duration, outcome,
  service_name as "serviceName", summary, recording_url as "recordingUrl"`;

const callerCallRows = <Row>(db: Executor, businessId: string, match: CallerMatch, transcript: SQL) =>
  rawRows<Row>(
    db,
    sql`select ${callColumns}, ${transcript}
      from calls
      where business_id = ${businessId}::uuid and ${callerCalls(match)}
      order by started_at desc, id desc`,
  );

/**
 * Every call of the caller, newest first, its transcript only said present or not: a frequent caller's
 * hundreds of transcripts are read only for the download.
 */
export const findCallerCalls = (db: Executor, businessId: string, match: CallerMatch) =>
  callerCallRows<CallerCall>(
    db,
    businessId,
    match,
    sql`jsonb_array_length(transcript) > 0 as "hasTranscript"`,
  );

/** Every call of the caller with its transcript, newest first (the download). */
export const exportCallerCalls = (db: Executor, businessId: string, match: CallerMatch) =>
  callerCallRows<ExportedCall>(db, businessId, match, sql`transcript`);

/**
 * Every booking of the customer: the upcoming ones (pending or confirmed, not over at `now`) first, soonest
 * first, then the others newest first. `lock` takes them FOR UPDATE (the erasure decides on them).
 */
export async function findCustomerBookings(
  db: Executor,
  businessId: string,
  match: CallerMatch,
  now: Date,
  { lock }: { lock: boolean } = { lock: false },
): Promise<CallerBooking[]> {
  const open = sql.raw(OPEN_BOOKING_STATUSES.map((status) => `'${status}'`).join(", "));
  const upcoming = sql`(status in (${open}) and end_time > ${now.toISOString()}::timestamptz)`;
  return rawRows<CallerBooking>(
    db,
    sql`select id::text as "_id", customer_name as "customerName", customer_phone as "customerPhone", notes,
        service_name as "serviceName", ${isoUtc(sql`start_time`)} as "startTime",
        ${isoUtc(sql`end_time`)} as "endTime", status, source, ${isoUtc(sql`created_at`)} as "createdAt",
        ${upcoming} as upcoming
      from bookings
      where business_id = ${businessId}::uuid and ${customerBookings(match)}
      order by ${upcoming} desc, case when ${upcoming} then start_time end, start_time desc, id
      ${lock ? sql`for update` : sql``}`,
  );
}
