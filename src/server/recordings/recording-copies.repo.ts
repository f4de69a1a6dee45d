import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import type { RecordingKey } from "./recording-storage";

/*
 * The copy worker's statements on recording_copies and recording_erasures. The jobs themselves are written by
 * the sync function of db/functions/recording-copies.sql, in the calls writer's transactions; the business
 * deletion writes an erasure (recordErasure). tests/server/recording-writers.test.ts keeps it so.
 */

/** A job the worker claimed: copy its link (`pending`) or delete its file and row (`discarded`). */
export type ClaimedCopy = RecordingKey & {
  state: "pending" | "discarded";
  sourceUrl: string;
  /** Attempts so far, this one included. */
  attempts: number;
  /** The claim's lease, as the row holds it: an outcome is written only while the row is still this claim's. */
  leasedUntil: string;
};

/**
 * Claims up to `limit` due jobs, oldest due first, for `leaseMs`: no other worker takes them (or deletes their
 * files) before the lease ends, and a worker that died with them lets them go then. SKIP LOCKED: instances
 * claiming together take different rows. A pending job's attempt is counted here, so a download that kills
 * its process still counts.
 */
export function claimRecordingCopies(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedCopy[]> {
  const at = now.toISOString();
  return rawRows<ClaimedCopy>(
    db,
    sql`with due as (
        select business_id, call_id from recording_copies
        where state in ('pending', 'discarded') and next_attempt_at <= ${at}::timestamptz
          and (leased_until is null or leased_until <= ${at}::timestamptz)
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      update recording_copies r set
        leased_until = ${at}::timestamptz + make_interval(secs => ${leaseMs / 1000}),
        attempts = r.attempts + (r.state = 'pending')::int
      from due where r.business_id = due.business_id and r.call_id = due.call_id
      returning r.business_id as "businessId", r.call_id as "callId", r.state, r.source_url as "sourceUrl",
        r.attempts, r.leased_until::text as "leasedUntil"`,
  );
}

/** The row is still the claim's: neither re-linked, nor discarded, nor claimed again since. */
const stillClaimed = (job: ClaimedCopy) =>
  sql`business_id = ${job.businessId}::uuid and call_id = ${job.callId}::uuid and state = ${job.state}
    and source_url = ${job.sourceUrl} and leased_until = ${job.leasedUntil}::timestamptz`;

/** The job's copy is stored; answers false when the job changed meanwhile (its new state then decides). */
export async function markCopyStored(
  db: Executor,
  job: ClaimedCopy,
  copy: { sizeBytes: number; contentType: string },
  now: Date,
): Promise<boolean> {
  const rows = await rawRows(
    db,
    sql`update recording_copies set state = 'stored', size_bytes = ${copy.sizeBytes}, content_type = ${copy.contentType},
        stored_at = ${now.toISOString()}::timestamptz, leased_until = null, last_error = null
      where ${stillClaimed(job)} returning 1`,
  );
  return rows.length > 0;
}

/**
 * The attempt failed: try again at `retryAt`, or give up (`failed`, `expired`) with the reason. False when the
 * job changed meanwhile (its new state then decides).
 */
export async function markCopyFailed(
  db: Executor,
  job: ClaimedCopy,
  outcome: { retryAt: Date } | { state: "failed" | "expired" },
  reason: string,
): Promise<boolean> {
  const next =
    "retryAt" in outcome
      ? sql`next_attempt_at = ${outcome.retryAt.toISOString()}::timestamptz`
      : sql`state = ${outcome.state}`;
  const rows = await rawRows(
    db,
    sql`update recording_copies set ${next}, leased_until = null, last_error = ${reason.slice(0, 500)}
      where ${stillClaimed(job)} returning 1`,
  );
  return rows.length > 0;
}

/** Lets a claim go whatever became of its row, so what the row became meanwhile is taken up at once. */
export async function releaseClaim(db: Executor, job: ClaimedCopy): Promise<void> {
  await rawRows(
    db,
    sql`update recording_copies set leased_until = null
      where business_id = ${job.businessId}::uuid and call_id = ${job.callId}::uuid
        and leased_until = ${job.leasedUntil}::timestamptz returning 1`,
  );
}

/** A tombstone whose file is deleted: the row goes; false when the call got a link again meanwhile. */
export async function dropTombstone(db: Executor, job: ClaimedCopy): Promise<boolean> {
  const rows = await rawRows(db, sql`delete from recording_copies where ${stillClaimed(job)} returning 1`);
  return rows.length > 0;
}

/** Whether the call (columns of its business and id) has a copy to serve, as a boolean column (as findStoredCopy). */
export const storedCopyOf = (businessId: AnyPgColumn | SQL, callId: AnyPgColumn | SQL) =>
  sql`exists (select 1 from recording_copies r where r.business_id = ${businessId} and r.call_id = ${callId}
    and r.state <> 'discarded' and r.stored_at is not null)`;

/** A stored copy as the recording route serves it. */
export type StoredCopy = { sizeBytes: number; contentType: string };

/** A row whose copy is served: stored, or stored before and being replaced (its file is still there). */
const served = sql`state <> 'discarded' and stored_at is not null`;
const copyColumns = sql`size_bytes::float8 as "sizeBytes", content_type as "contentType"`;

/** The call's stored copy, if the business has one (a copy being replaced is still served). */
export async function findStoredCopy(db: Executor, key: RecordingKey): Promise<StoredCopy | null> {
  const [row] = await rawRows<StoredCopy>(
    db,
    sql`select ${copyColumns} from recording_copies
      where business_id = ${key.businessId}::uuid and call_id = ${key.callId}::uuid and ${served}`,
  );
  return row ?? null;
}

/** A served copy of one of the business's calls, as an archive lists it. */
export type ListedCopy = StoredCopy & { callId: string };
const listedColumns = sql`call_id::text as "callId", ${copyColumns}`;

/** Copies listed at once: what one page holds in memory, however many the business keeps. */
export const COPY_PAGE_ROWS = 1000;

/**
 * Every copy the business is served (as findStoredCopy), a page at a time in call id order: each page starts
 * after the last id of the one before (the primary key's range), so nothing is read twice or held beyond a page.
 */
export async function* storedCopyPages(
  db: Executor,
  businessId: string,
  pageRows = COPY_PAGE_ROWS,
): AsyncGenerator<ListedCopy[]> {
  let after: string | null = null;
  for (;;) {
    const rows: ListedCopy[] = await rawRows<ListedCopy>(
      db,
      sql`select ${listedColumns} from recording_copies
        where business_id = ${businessId}::uuid and ${served} ${after ? sql`and call_id > ${after}::uuid` : sql``}
        order by call_id
        limit ${pageRows}`,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < pageRows) return;
    after = rows[rows.length - 1]!.callId;
  }
}

/** The served copies of the named calls of the business (one caller's few), in call id order. */
export function storedCopiesOf(
  db: Executor,
  businessId: string,
  callIds: readonly string[],
): Promise<ListedCopy[]> {
  if (callIds.length === 0) return Promise.resolve([]);
  return rawRows<ListedCopy>(
    db,
    sql`select ${listedColumns} from recording_copies
      where business_id = ${businessId}::uuid and call_id = any(${`{${callIds.join(",")}}`}::uuid[]) and ${served}
      order by call_id`,
  );
}

/**
 * The deleted business's recordings are to be deleted: in the deletion's transaction, since its rows (and
 * with them every trace of which files are its) go in that same transaction.
 */
export async function recordErasure(db: Executor, businessId: string, now: Date): Promise<void> {
  await db.execute(
    sql`insert into recording_erasures (business_id, requested_at)
      values (${businessId}::uuid, ${now.toISOString()}::timestamptz)
      on conflict (business_id) do nothing`,
  );
}

/** Deleted businesses whose files are still to go, with when each was deleted. */
export function listErasures(db: Executor): Promise<{ businessId: string; requestedAt: string }[]> {
  return rawRows(
    db,
    sql`select business_id as "businessId", requested_at::text as "requestedAt" from recording_erasures
      order by requested_at limit 100`,
  );
}

export async function dropErasure(db: Executor, businessId: string): Promise<void> {
  await rawRows(db, sql`delete from recording_erasures where business_id = ${businessId}::uuid returning 1`);
}
