import type { LanguageCode } from "@shared/languages";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { createStatementBatcher } from "../db/statement-batcher";

/*
 * Where a channel's delivery stands (Telegram, the online calendar): the cursor of each connection into its
 * business's outbox (see the outbox table). A sender holds a connection through a lease: `next_attempt_at`
 * moved into the future, and that exact instant is its token — every later write of the sender names it, so
 * one whose lease ran out (and was taken over by another instance) changes nothing more.
 *
 * The cursor is a position in (xid, id) order: rows are read only below the horizon
 * `pg_snapshot_xmin(pg_current_snapshot())`, where every transaction has finished, so on PostgreSQL no row
 * can commit later behind one already sent. On PGlite (one connection) no other transaction is ever open
 * while delivery reads, so every committed row is below the horizon.
 */

/** The tables that hold a channel's connections, each with the cursor columns (telegram.schema.ts). */
export type CursorTable = "telegram_connections" | "calendar_connections";

export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * `next_attempt_at` of a connection nobody holds and nothing holds back: before any clock reading, so it is
 * due the moment a row arrives even if the clock has since stepped back (NTP, another instance's skew) —
 * `now` would keep it idle until the clock caught up again.
 */
export const DUE_AT_ONCE = new Date(0);

/** Where a connection's delivery stands: the last row sent, in (xid, id) order (xid as text: it is an xid8). */
export type OutboxPosition = { xid: string; id: number };

/** Below it every transaction has finished: the rows under it are all there will ever be. */
export const horizon = sql`pg_snapshot_xmin(pg_current_snapshot())`;
/** Outbox rows `o` past the cursor of connection `t` (in the same statement). */
export const pastCursor = (t: string) =>
  sql`o.business_id = ${sql.raw(t)}.business_id
    and (o.xid, o.id) > (${sql.raw(t)}.delivered_through_xid, ${sql.raw(t)}.delivered_through_id)`;

/**
 * The tail of a statement over outbox rows `o`: the business's rows after `after` and below the horizon, the
 * next `limit` of them in (xid, id) order, as a channel's sender reads them.
 */
export const nextRowsAfter = (businessId: string, after: OutboxPosition, limit: number) =>
  sql`where o.business_id = ${businessId}::uuid and (o.xid, o.id) > (${after.xid}::xid8, ${after.id}::bigint)
    and o.xid < ${horizon}
    order by o.xid, o.id
    limit ${limit}`;

/** An instant printed by isoUtc (db/iso-utc.ts), or null, read back. */
export const dateOrNull = (text: string | null) => (text === null ? null : new Date(text));

/** A connection claimed for sending, until `lease`; `extra` is what the channel asked for besides. */
export type ClaimedCursor = {
  businessId: string;
  delivered: OutboxPosition;
  attempts: number;
  language: LanguageCode;
  timezone: string;
  extra: string | null;
  lease: Date;
};

/**
 * Claims up to `limit` connections of `table` that have something to send and are due (not broken, not held
 * by another sender, past their backoff), holding each until `lease`; with `businessIds`, only among those.
 * One statement, and SKIP LOCKED on PostgreSQL, so of instances claiming at once each gets other ones. The
 * lock is the one its update takes anyway (no key update): a connection's row held FOR KEY SHARE (a calendar
 * check writing while its connection stands, calendar-sync.repo.ts) is claimed all the same, never skipped.
 * `extra` (a text expression over the connection `t`) is answered as `extra`.
 */
export async function claimDueCursors(
  db: Executor,
  table: CursorTable,
  input: { now: Date; lease: Date; limit: number; businessIds: readonly string[] | null; extra?: SQL },
): Promise<ClaimedCursor[]> {
  const { now, lease, limit, businessIds } = input;
  const among = businessIds ? sql`and c.business_id = any(${`{${businessIds.join(",")}}`}::uuid[])` : sql``;
  const rows = await rawRows<
    Omit<ClaimedCursor, "lease" | "delivered"> & { deliveredThroughId: string; deliveredThroughXid: string }
  >(
    db,
    sql`with due as (
        select c.business_id from ${sql.raw(table)} c
        where c.broken_at is null and c.next_attempt_at <= ${at(now)} ${among}
          and exists (select from outbox o where ${pastCursor("c")})
        order by c.next_attempt_at
        limit ${limit}
        for no key update of c skip locked
      )
      update ${sql.raw(table)} t set next_attempt_at = ${at(lease)}
      from due, businesses b
      where t.business_id = due.business_id and b.id = t.business_id and t.next_attempt_at <= ${at(now)}
      returning t.business_id as "businessId", ${input.extra ?? sql`null::text`} as extra,
        t.delivered_through_id::text as "deliveredThroughId",
        t.delivered_through_xid::text as "deliveredThroughXid",
        t.attempts, b.language, b.timezone`,
  );
  return rows.map(({ deliveredThroughId, deliveredThroughXid, ...row }) => ({
    ...row,
    delivered: { xid: deliveredThroughXid, id: Number(deliveredThroughId) },
    lease,
  }));
}

/** The connection of `businessId` while `lease` is still its sender's (every write of a sender names it). */
export const held = (businessId: string, lease: Date) =>
  sql`business_id = ${businessId}::uuid and next_attempt_at = ${at(lease)}`;

/** A sender's cursor advance: past a sent row (or one refused for good: `skipped` says why). */
export type CursorAdvance = {
  businessId: string;
  lease: Date;
  through: OutboxPosition;
  nextLease: Date;
  skipped: string | null;
};

/**
 * Moves cursors past sent rows and renews their leases, many connections' in one statement (see
 * createStatementBatcher: each connection has at most one advance in flight, so a batch names a business
 * once); answers, per advance, false when the lease is no longer that sender's (it must stop: another
 * instance has the connection now).
 */
export function createCursorAdvancer(
  db: Executor,
  table: CursorTable,
): (advance: CursorAdvance) => Promise<boolean> {
  return createStatementBatcher(async (advances: CursorAdvance[]) => {
    const values = advances.map(({ businessId, lease, through, nextLease, skipped }) => ({
      businessId,
      lease: lease.toISOString(),
      xid: through.xid,
      id: through.id,
      nextLease: nextLease.toISOString(),
      skipped,
    }));
    const rows = await rawRows<{ businessId: string }>(
      db,
      sql`update ${sql.raw(table)} t
        set delivered_through_xid = v.xid, delivered_through_id = v.id, next_attempt_at = v."nextLease",
          attempts = 0, last_error = v.skipped
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v("businessId" uuid, lease timestamptz,
          xid xid8, id bigint, "nextLease" timestamptz, skipped text)
        where t.business_id = v."businessId" and t.next_attempt_at = v.lease
          and (t.delivered_through_xid, t.delivered_through_id) < (v.xid, v.id)
        returning t.business_id as "businessId"`,
    );
    const advanced = new Set(rows.map((row) => row.businessId));
    return advances.map((advance) => advanced.has(advance.businessId));
  });
}

/**
 * Lets go of a connection with nothing left to send (due again at once when something arrives); answers
 * whether a row arrived meanwhile (`more`: the sender goes on rather than leave it to the next check), or
 * whether committed rows wait above the horizon (`held`: another transaction still runs; look again soon).
 */
export async function releaseCursor(
  db: Executor,
  table: CursorTable,
  input: { businessId: string; lease: Date },
): Promise<{ more: boolean; held: boolean }> {
  const rows = await rawRows<{ more: boolean; held: boolean }>(
    db,
    sql`update ${sql.raw(table)} t set next_attempt_at = ${at(DUE_AT_ONCE)}
      where ${held(input.businessId, input.lease)}
      returning exists (select from outbox o where ${pastCursor("t")} and o.xid < ${horizon}) as more,
        exists (select from outbox o where ${pastCursor("t")} and o.xid >= ${horizon}) as held`,
  );
  return { more: rows[0]?.more ?? false, held: rows[0]?.held ?? false };
}

/** A failed attempt: the head row waits until `retryAt`. */
export async function postponeCursor(
  db: Executor,
  table: CursorTable,
  input: { businessId: string; lease: Date; retryAt: Date; attempts: number; error: string },
): Promise<void> {
  await db.execute(
    sql`update ${sql.raw(table)}
      set next_attempt_at = ${at(input.retryAt)}, attempts = ${input.attempts}::int, last_error = ${input.error}
      where ${held(input.businessId, input.lease)}`,
  );
}

/** The channel refuses the connection for good: rows wait until the owner reconnects. */
export async function markCursorBroken(
  db: Executor,
  table: CursorTable,
  input: { businessId: string; lease: Date; now: Date; reason: string },
): Promise<void> {
  await db.execute(
    sql`update ${sql.raw(table)}
      set broken_at = ${at(input.now)}, broken_reason = ${input.reason}, last_error = ${input.reason},
        next_attempt_at = ${at(DUE_AT_ONCE)}
      where ${held(input.businessId, input.lease)}`,
  );
}
