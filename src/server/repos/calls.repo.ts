import type { CallDetail, CallReport, CallStatus, CallSummary } from "@shared/calls.schema";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { StartTimeRange } from "../calls/call-list-range";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { calls } from "../db/schema/calls.schema";

/** ISO 8601 in UTC with milliseconds, the same text on every driver and session timezone. */
export const isoUtc = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A row of `calls` as the callSummary schema, built in SQL so a page arrives as one JSON value. */
export const callSummaryJson = sql`json_build_object(
  '_id', ${calls.id},
  'fromNumber', ${calls.callerNumber},
  'customerName', ${calls.callerName},
  'startTime', ${isoUtc(calls.startedAt)},
  'duration', ${calls.durationSeconds},
  'status', ${calls.status},
  'outcome', ${calls.outcome},
  'summary', ${calls.summary},
  'serviceName', ${calls.serviceName}
)`;

/**
 * Stores a validated report (see calls_report in the call_positions migration for the rules) in one round
 * trip. `startedAt` is the report's start time already resolved to an instant.
 */
export async function reportCall(
  db: Executor,
  businessId: string,
  report: CallReport,
  startedAt: Date,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  const [row] = await rawRows<{ id: string; created: boolean }>(
    db,
    sql`select call_id as id, created from calls_report(
      ${businessId}::uuid, ${JSON.stringify(report)}::jsonb,
      ${startedAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
  );
  return row!;
}

export async function findCallDetail(
  db: Executor,
  businessId: string,
  callId: string,
): Promise<CallDetail | null> {
  const [row] = await rawRows<CallDetail>(
    db,
    sql`select ${calls.id} as "_id", ${calls.externalId} as "externalId",
        ${calls.callerNumber} as "fromNumber", ${calls.callerName} as "customerName",
        ${isoUtc(calls.startedAt)} as "startTime", ${calls.durationSeconds} as "duration",
        ${calls.status} as "status", ${calls.outcome} as "outcome", ${calls.summary} as "summary",
        ${calls.serviceName} as "serviceName", ${calls.transcript} as "transcript",
        ${calls.recordingUrl} as "recordingUrl", ${isoUtc(calls.updatedAt)} as "updatedAt"
      from ${calls}
      where ${calls.businessId} = ${businessId} and ${calls.id} = ${callId}`,
  );
  return row ?? null;
}

/** How many of the business's calls started before `instant`: the position of the last of them (one probe). */
export const countStartedBefore = (businessId: string, instant: Date): SQL =>
  sql`coalesce((select ${calls.seq} from ${calls}
    where ${calls.businessId} = ${businessId} and ${calls.startedAt} < ${instant.toISOString()}::timestamptz
    order by ${calls.startedAt} desc, ${calls.id} desc limit 1), 0)`;

/**
 * How many calls of `status` hold an overall position up to `position` (one probe): both positions follow
 * the same order, so it is the status position of the last such call.
 */
export const countWithStatusUpTo = (businessId: string, status: CallStatus, position: SQL): SQL =>
  sql`coalesce((select ${calls.statusSeq} from ${calls}
    where ${calls.businessId} = ${businessId} and ${calls.status} = ${status} and ${calls.seq} <= ${position}
    order by ${calls.seq} desc limit 1), 0)`;

/** How many calls the business has (of `status`, when given): its last position (one probe). */
export const countCalls = (businessId: string, status: CallStatus | null): SQL =>
  status
    ? sql`coalesce((select max(${calls.statusSeq}) from ${calls}
        where ${calls.businessId} = ${businessId} and ${calls.status} = ${status}), 0)`
    : sql`coalesce((select max(${calls.seq}) from ${calls} where ${calls.businessId} = ${businessId}), 0)`;

export type CallListFilter = {
  status: CallStatus | null;
  range: StartTimeRange;
  page: number;
  limit: number;
};

/**
 * One page of the newest-first list and the exact total, in one statement whatever the depth. The calls in
 * the range hold the positions (lo, hi]; page p holds (hi − p·limit, hi − (p−1)·limit] of those.
 */
export async function listCalls(
  db: Executor,
  businessId: string,
  { status, range, page, limit }: CallListFilter,
): Promise<{ total: number; data: CallSummary[] }> {
  const before = (instant: Date) => {
    const overall = countStartedBefore(businessId, instant);
    return status ? countWithStatusUpTo(businessId, status, overall) : overall;
  };
  const lo = range.from ? before(range.from) : sql`0`;
  const hi = range.to ? before(range.to) : countCalls(businessId, status);
  const position = status ? calls.statusSeq : calls.seq;
  const [row] = await rawRows<{ total: number; data: CallSummary[] }>(
    db,
    sql`with bounds as (select ${lo} as lo, ${hi} as hi)
      select greatest(bounds.hi - bounds.lo, 0)::int as total,
        (select coalesce(json_agg(${callSummaryJson} order by ${position} desc), '[]'::json)
          from ${calls}
          where ${calls.businessId} = ${businessId}
            ${status ? sql`and ${calls.status} = ${status}` : sql``}
            and ${position} > greatest(bounds.lo, bounds.hi - ${page * limit}::int)
            and ${position} <= bounds.hi - ${(page - 1) * limit}::int
        ) as data
      from bounds`,
  );
  return row!;
}
