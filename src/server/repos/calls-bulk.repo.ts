import { randomUUID } from "node:crypto";
import { CALL_STATUSES, type CallOutcome, type CallStatus, type TranscriptTurn } from "@shared/calls.schema";
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";

/** A call as a bulk load supplies it (demo seed, benchmark seeding, imports): a report, fully resolved. */
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

/** Every writer of a business's calls holds this until its transaction ends (see 0002_call_positions). */
async function lockCallPositions(tx: Executor, businessId: string): Promise<void> {
  await tx.execute(sql`select calls_lock_business(${businessId}::uuid)`);
}

async function renumber(tx: Executor, businessId: string): Promise<void> {
  await tx.execute(sql`update calls set seq = ranked.seq, status_seq = ranked.status_seq
    from (
      select id,
        row_number() over (order by started_at, id)::int as seq,
        row_number() over (partition by status order by started_at, id)::int as status_seq
      from calls where business_id = ${businessId}::uuid
    ) ranked
    where calls.id = ranked.id and (calls.seq, calls.status_seq) is distinct from (ranked.seq, ranked.status_seq)`);
}

/**
 * Recomputes a business's call positions from scratch in one statement (window functions), rewriting only
 * the rows whose positions change. The repair for anything that wrote calls without keeping positions.
 */
export async function renumberCallPositions(db: Database, businessId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCallPositions(tx, businessId);
    await renumber(tx, businessId);
  });
}

type Tail = { newest: string | null; seq: number } & Record<CallStatus, number>;

/** The newest start time and the last positions, overall and per status (index probes only). */
async function readTail(tx: Executor, businessId: string): Promise<Tail> {
  const perStatus = CALL_STATUSES.map(
    (status) => sql`, coalesce((select max(status_seq) from calls
      where business_id = ${businessId}::uuid and status = ${status}), 0) as ${sql.identifier(status)}`,
  );
  const [tail] = await rawRows<Tail>(
    tx,
    sql`select
      (select to_char(max(started_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from calls where business_id = ${businessId}::uuid) as newest,
      coalesce((select max(seq) from calls where business_id = ${businessId}::uuid), 0) as seq
      ${sql.join(perStatus)}`,
  );
  return tail!;
}

type PositionedCall = BulkCall & { id: string; seq: number; statusSeq: number };

async function insertChunk(
  tx: Executor,
  businessId: string,
  rows: PositionedCall[],
  now: Date,
): Promise<number> {
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
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
      seq: r.seq,
      status_seq: r.statusSeq,
    })),
  );
  const at = now.toISOString();
  const [result] = await rawRows<{ inserted: number }>(
    tx,
    sql`with inserted as (
      insert into calls (id, business_id, external_id, caller_number, caller_name, started_at, status,
        duration_seconds, outcome, summary, transcript, recording_url, service_name, seq, status_seq,
        created_at, updated_at)
      select r.id, ${businessId}::uuid, r.external_id, r.caller_number, r.caller_name, r.started_at, r.status,
        r.duration_seconds, r.outcome, r.summary, r.transcript, r.recording_url, r.service_name, r.seq,
        r.status_seq, ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${json}::jsonb) as r(id uuid, external_id text, caller_number text,
        caller_name text, started_at timestamptz, status text, duration_seconds integer, outcome text,
        summary text, transcript jsonb, recording_url text, service_name text, seq integer, status_seq integer)
      on conflict (business_id, external_id) do nothing
      returning 1
    )
    select count(*)::int as inserted from inserted`,
  );
  return result!.inserted;
}

/**
 * Inserts many calls of one business with multi-row statements and leaves positions exact. Calls whose
 * externalId the business already has are skipped (so a load can be re-run). When every new call starts
 * after the business's newest one — a fresh business, or history appended in time — the positions are
 * computed here and nothing is rewritten; otherwise the business is renumbered once at the end.
 */
export async function insertCallsBulk(
  db: Executor,
  businessId: string,
  rows: readonly BulkCall[],
  now: Date,
): Promise<{ inserted: number }> {
  // Ids made here so the (started_at, id) order is known before insert; uuid order is the hex text's order.
  const sorted = rows
    .map((row) => ({ ...row, id: randomUUID() }))
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || (a.id < b.id ? -1 : 1));
  return db.transaction(async (tx) => {
    await lockCallPositions(tx, businessId);
    const tail = await readTail(tx, businessId);
    const first = sorted[0];
    let appendsInOrder = !tail.newest || !first || first.startedAt > new Date(tail.newest);
    let inserted = 0;
    for (let start = 0; start < sorted.length; start += CHUNK_ROWS) {
      const chunk = sorted.slice(start, start + CHUNK_ROWS).map((row) => ({
        ...row,
        seq: ++tail.seq,
        statusSeq: ++tail[row.status],
      }));
      const count = await insertChunk(tx, businessId, chunk, now);
      inserted += count;
      // A skipped duplicate leaves a hole in the positions computed above.
      if (count < chunk.length) appendsInOrder = false;
    }
    if (!appendsInOrder) await renumber(tx, businessId);
    return { inserted };
  });
}
