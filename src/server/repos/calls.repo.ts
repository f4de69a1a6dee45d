import type { CallDetail, CallReport, CallStatus, CallSummary } from "@shared/calls.schema";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { StartTimeRange } from "../calls/call-list-range";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { calls } from "../db/schema/calls.schema";

/** ISO 8601 in UTC with milliseconds, the same text on every driver and session timezone. */
const isoUtc = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A validated report for a business, its start time already resolved to an instant. */
export type CallReportItem = { businessId: string; report: CallReport; startedAt: Date };

export type StoredReport = { id: string; created: boolean };

/**
 * Stores validated reports in one round trip and one transaction (see calls_report_batch in
 * 0004_batched_ingest for the rules); answers per item, in order.
 */
export async function reportCalls(
  db: Executor,
  items: readonly CallReportItem[],
  now: Date,
): Promise<StoredReport[]> {
  const payload = items.map(({ businessId, report, startedAt }) => ({
    business: businessId,
    startedAt: startedAt.toISOString(),
    report,
  }));
  const rows = await rawRows<StoredReport & { ord: number }>(
    db,
    sql`select o_ord as ord, o_call_id as id, o_created as created
      from calls_report_batch(${JSON.stringify(payload)}::jsonb, ${now.toISOString()}::timestamptz)`,
  );
  const answers: StoredReport[] = new Array(items.length);
  for (const { ord, id, created } of rows) answers[ord - 1] = { id, created };
  return answers;
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

export type CallListFilter = {
  status: CallStatus | null;
  range: StartTimeRange;
  page: number;
  limit: number;
};

/** One page of the newest-first list and the exact total, by positions (see calls_page in 0003_call_reads). */
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
