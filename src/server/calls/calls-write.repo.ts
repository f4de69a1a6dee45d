import { randomUUID } from "node:crypto";
import type { CallOutcome, CallReport, CallStatus, TranscriptTurn } from "@shared/calls.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { callHoldsContent, calls } from "../db/schema/calls.schema";
import { outboxWritten } from "../outbox/outbox-signal";
import { recordingCopiesChanged } from "../recordings/recording-signal";

/*
 * The one module that writes call rows (and the outbox rows of missed calls). Every write goes through a
 * statement of its own here (or the SQL functions of db/functions/calls-write.sql it calls), and the statement triggers on calls keep call_counts true for each of them;
 * tests/server/call-writers.test.ts fails when another module writes to calls.
 */

/**
 * A validated report on the word of an assistant key (`keyId`) or of a voice platform's connection
 * (`connectionId`, its webhook), its start time resolved to an instant: in `timezone` when the report gave no
 * offset (null when it did).
 */
export type CallReportItem = ({ keyId: string } | { connectionId: string }) & {
  businessId: string;
  timezone: string | null;
  report: CallReport;
  startedAt: Date;
};

export type StoredReport = { id: string; created: boolean };

/** Why an item was not stored: its key (or connection) is no longer active, or its business has moved to another timezone. */
export type ReportRefusal = "key" | "timezone";

export type ReportAnswer = StoredReport | { refused: ReportRefusal };

/**
 * Confirms each item's key and stores the accepted reports, in one round trip and one transaction (see
 * calls_report_batch in db/functions/calls-write.sql for the rules); answers per item, in order. Keys
 * used are stamped when their stamp is older than `touchAfterMs`.
 *
 * With `notifyMissed`, a call that this batch makes missed (new, or in progress until now) gets a
 * 'call.missed' outbox row in the same statement: one per call, none for a repeated report of a call that
 * was missed already. A history import passes false: old calls are no news.
 */
export async function reportCalls(
  db: Executor,
  items: readonly CallReportItem[],
  now: Date,
  touchAfterMs: number,
  options: { notifyMissed: boolean },
): Promise<ReportAnswer[]> {
  const payload = JSON.stringify(
    items.map(({ businessId, timezone, report, startedAt, ...word }) => ({
      key: "keyId" in word ? word.keyId : null,
      connection: "connectionId" in word ? word.connectionId : null,
      business: businessId,
      timezone,
      startedAt: startedAt.toISOString(),
      report,
    })),
  );
  const rows = await rawRows<StoredReport & { ord: number; refusal: ReportRefusal | null }>(
    db,
    sql`select o_ord as ord, o_call_id as id, o_created as created, o_refusal as refusal
      from calls_report_batch(${payload}::jsonb, ${now.toISOString()}::timestamptz,
        make_interval(secs => ${touchAfterMs / 1000}), ${options.notifyMissed}::boolean)`,
  );
  const answers: ReportAnswer[] = new Array(items.length);
  for (const { ord, id, created, refusal } of rows)
    answers[ord - 1] = refusal ? { refused: refusal } : { id, created };
  // A recording link may have come, changed or gone: the copy worker looks at once (committed or not: a needless
  // look is one claim query; a copy not yet visible is found by its scheduled scan).
  if (items.some((item) => "recordingUrl" in item.report)) recordingCopiesChanged();
  // Every business that reported a missed call may have news: a repeated report's wake-up is one needless
  // claim query, cheaper than asking the statement which rows it wrote.
  if (options.notifyMissed)
    outboxWritten(
      new Set(items.filter((item) => item.report.status === "missed").map((item) => item.businessId)),
    );
  return answers;
}

/** A call as a bulk load supplies it (demo seed, benchmark seeding): a report, fully resolved. */
export type BulkCall = {
  externalId: string;
  callerNumber: string;
  callerName: string | null;
  startedAt: Date;
  status: CallStatus;
  durationSeconds: number;
  outcome: CallOutcome | null;
  summary: string | null;
  transcript: TranscriptTurn[];
  recordingUrl: string | null;
  serviceName: string | null;
};

/** Rows per INSERT: big enough to amortize a round trip, small enough to keep the JSON parameter modest. */
const CHUNK_ROWS = 2000;

/**
 * Inserts many calls of one business with multi-row statements, in one transaction; calls whose externalId
 * the business already has are skipped (so a load can be re-run).
 */
export async function insertCallsBulk(
  db: Executor,
  businessId: string,
  rows: readonly BulkCall[],
  now: Date,
): Promise<{ inserted: number }> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select calls_lock_business(${businessId}::uuid)`);
    let inserted = 0;
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const json = JSON.stringify(
        rows.slice(start, start + CHUNK_ROWS).map((r) => ({
          id: randomUUID(),
          external_id: r.externalId,
          caller_number: r.callerNumber,
          caller_name: r.callerName,
          started_at: r.startedAt.toISOString(),
          status: r.status,
          duration_seconds: r.durationSeconds,
          outcome: r.outcome,
          summary: r.summary,
          transcript: r.transcript,
          recording_url: r.recordingUrl,
          service_name: r.serviceName,
        })),
      );
      const [result] = await rawRows<{ inserted: number }>(
        tx,
        sql`with inserted as (
          insert into calls (id, business_id, external_id, caller_number, caller_name, started_at, status,
            duration_seconds, outcome, summary, transcript, recording_url, service_name, created_at, updated_at)
          select r.id, ${businessId}::uuid, r.external_id, r.caller_number, r.caller_name, r.started_at, r.status,
            r.duration_seconds, r.outcome, r.summary, r.transcript, r.recording_url, r.service_name,
            ${at}::timestamptz, ${at}::timestamptz
          from jsonb_to_recordset(${json}::jsonb) as r(id uuid, external_id text, caller_number text,
            caller_name text, started_at timestamptz, status text, duration_seconds integer, outcome text,
            summary text, transcript jsonb, recording_url text, service_name text)
          on conflict (business_id, external_id) do nothing
          returning 1
        )
        select count(*)::int as inserted from inserted`,
      );
      inserted += result!.inserted;
    }
    return { inserted };
  });
}

/**
 * Deletes up to `limit` of the business's oldest calls that started before `before`; resolves to how many
 * went. Costs in proportion to the calls deleted (see calls_purge), so retention can purge in steps.
 */
export async function purgeCalls(
  db: Executor,
  businessId: string,
  before: Date,
  limit: number,
): Promise<number> {
  const [row] = await rawRows<{ deleted: number }>(
    db,
    sql`select calls_purge(${businessId}::uuid, ${before.toISOString()}::timestamptz, ${limit}::int) as deleted`,
  );
  // Their recording copies are tombstones now (calls_purge): the copy worker deletes the files.
  if (row!.deleted > 0) recordingCopiesChanged();
  return row!.deleted;
}

/**
 * Ends as failed up to `limit` calls still in progress whose last report came before `before`, marking each
 * with `now` (see calls_end_unreported); resolves to how many.
 */
export async function endUnreportedCalls(
  db: Executor,
  before: Date,
  now: Date,
  limit: number,
): Promise<number> {
  const [row] = await rawRows<{ ended: number }>(
    db,
    sql`select calls_end_unreported(${before.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
      ${limit}::int) as ended`,
  );
  return row!.ended;
}

/**
 * The recording copies of these calls of the business follow their links (recording_copies_sync in
 * db/functions/recording-copies.sql): a cleared link makes its copy a tombstone whose file the copy worker
 * deletes. In the transaction that changed the links.
 */
async function syncRecordingCopies(tx: Executor, businessId: string, callIds: string[], now: Date) {
  if (callIds.length === 0) return;
  await tx.execute(
    sql`select recording_copies_sync(array_fill(${businessId}::uuid, array[${callIds.length}::int]),
      ${`{${callIds.join(",")}}`}::uuid[], ${now.toISOString()}::timestamptz)`,
  );
  recordingCopiesChanged();
}

/** What clearing a call's content sets: the call detail then says when it went (content_removed_at). */
const contentCleared = (now: Date) =>
  sql`transcript = '[]'::jsonb, recording_url = null, summary = null,
    content_removed_at = coalesce(content_removed_at, ${now.toISOString()}::timestamptz)`;

/**
 * Removes the transcript, recording link and summary of up to `limit` of the business's oldest calls that
 * started before `before` and still hold some (callHoldsContent: a call that never held any is left as it is),
 * marking each with `now` (the call detail says why it has none); resolves to how many. In the caller's
 * transaction, taking turns with the business's reports (calls_lock_business, held to its end), so a report
 * cannot write content into a call as it is cleared.
 */
export async function clearCallContent(
  tx: Transaction,
  businessId: string,
  before: Date,
  limit: number,
  now: Date,
): Promise<number> {
  await tx.execute(sql`select calls_lock_business(${businessId}::uuid)`);
  const [row] = await rawRows<{ ids: string[] }>(
    tx,
    sql`with due as (
        select id from calls
        where business_id = ${businessId}::uuid and ${callHoldsContent(calls)}
          and started_at < ${before.toISOString()}::timestamptz
        order by started_at
        limit ${limit}
      ),
      cleared as (
        update calls c set ${contentCleared(now)}
        from due where c.id = due.id
        returning c.id
      )
      select coalesce(json_agg(id), '[]') as ids from cleared`,
  );
  await syncRecordingCopies(tx, businessId, row!.ids, now);
  return row!.ids.length;
}

/**
 * The privacy desk's erasure of one caller's calls (`caller`: a condition on calls, see callerCondition): their
 * number, name and content removed, the rows kept for the figures (status, time, duration, outcome, service).
 * Marked erased (`erased_at`), so a later report of the call cannot bring any of it back (calls_report).
 * Takes turns with the business's reports as clearCallContent does; run inside the erasure's transaction.
 * Resolves to how many calls.
 */
export async function eraseCallerCalls(
  tx: Executor,
  businessId: string,
  caller: SQL,
  now: Date,
): Promise<number> {
  await tx.execute(sql`select calls_lock_business(${businessId}::uuid)`);
  const [row] = await rawRows<{ ids: string[] }>(
    tx,
    sql`with erased as (
        update calls set caller_number = '', caller_name = null, ${contentCleared(now)},
          erased_at = coalesce(erased_at, ${now.toISOString()}::timestamptz)
        where business_id = ${businessId}::uuid and ${caller}
        returning id
      )
      select coalesce(json_agg(id), '[]') as ids from erased`,
  );
  await syncRecordingCopies(tx, businessId, row!.ids, now);
  return row!.ids.length;
}
