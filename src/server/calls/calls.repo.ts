import type { CallDetail, CallStatus, CallSummary } from "@shared/calls.schema";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import { calls } from "../db/schema/calls.schema";
import { storedCopyOf } from "../recordings/recording-copies.repo";
import type { TimezoneMoved } from "../time/business-timezones";
import type { StartTimeRange } from "./call-list-range";

/** A call's detail as stored: `hasCopy` when its recording's copy is stored (see recordings/). */
export type StoredCallDetail = Omit<CallDetail, "booking" | "recordingCopyUrl"> & { hasCopy: boolean };

export async function findCallDetail(
  db: Executor,
  businessId: string,
  callId: string,
): Promise<StoredCallDetail | null> {
  const [row] = await rawRows<StoredCallDetail>(
    db,
    sql`select ${calls.id} as "_id", ${calls.externalId} as "externalId",
        ${calls.callerNumber} as "fromNumber", ${calls.callerName} as "customerName",
        ${isoUtc(calls.startedAt)} as "startTime", ${calls.durationSeconds} as "duration",
        ${calls.status} as "status", ${calls.outcome} as "outcome", ${calls.summary} as "summary",
        ${calls.serviceName} as "serviceName", ${calls.transcript} as "transcript",
        ${calls.recordingUrl} as "recordingUrl", ${calls.recordingOff} as "recordingOff",
        ${isoUtc(calls.contentRemovedAt)} as "contentRemovedAt",
        ${isoUtc(calls.endUnreportedAt)} as "endUnreportedAt", ${isoUtc(calls.updatedAt)} as "updatedAt",
        ${storedCopyOf(calls.businessId, calls.id)} as "hasCopy"
      from ${calls}
      where ${calls.businessId} = ${businessId} and ${calls.id} = ${callId}`,
  );
  return row ?? null;
}

export type CallListFilter = {
  status: CallStatus | null;
  range: StartTimeRange;
  page: number;
  limit: number;
};

/** One page of the newest-first list and the exact total, by counters (see calls_page in db/functions/calls-read.sql). */
export async function listCalls(
  db: Executor,
  businessId: string,
  { status, range, page, limit }: CallListFilter,
): Promise<{ total: number; data: CallSummary[] }> {
  const [row] = await rawRows<{ page: { total: number; data: CallSummary[] } }>(
    db,
    sql`select calls_page(${businessId}::uuid, ${status}::text, ${range.from?.toISOString() ?? null}::timestamptz,
      ${range.to?.toISOString() ?? null}::timestamptz, ${page}::int, ${limit}::int) as page`,
  );
  return row!.page;
}

/**
 * listCalls for a range resolved in `timezone`, checked to still be the business's in the same statement
 * (see calls_page_in_zone in db/functions/calls-read.sql).
 */
export async function listCallsInZone(
  db: Executor,
  businessId: string,
  timezone: string,
  { status, range, page, limit }: CallListFilter,
): Promise<{ total: number; data: CallSummary[] } | TimezoneMoved> {
  const [row] = await rawRows<{ page: { total: number; data: CallSummary[] } | TimezoneMoved }>(
    db,
    sql`select calls_page_in_zone(${businessId}::uuid, ${timezone}, ${status}::text,
      ${range.from?.toISOString() ?? null}::timestamptz, ${range.to?.toISOString() ?? null}::timestamptz,
      ${page}::int, ${limit}::int) as page`,
  );
  return row!.page;
}
