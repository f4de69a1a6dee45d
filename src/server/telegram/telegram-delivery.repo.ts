import type { BookingActorKind, BookingStatus } from "@shared/booking.constants";
import type { LanguageCode } from "@shared/languages";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { createStatementBatcher } from "../db/statement-batcher";

/*
 * Where Telegram delivery stands: the cursor of each connection into its business's outbox (see
 * telegram.schema.ts). A sender holds a connection through a lease: `next_attempt_at` moved into the future,
 * and that exact instant is its token — every later write of the sender names it, so one whose lease ran
 * out (and was taken over by another instance) changes nothing more.
 *
 * The cursor is a position in (xid, id) order (see the outbox table): rows are read only below the horizon
 * `pg_snapshot_xmin(pg_current_snapshot())`, where every transaction has finished, so on PostgreSQL no row
 * can commit later behind one already sent. On PGlite (one connection) no other transaction is ever open
 * while delivery reads, so every committed row is below the horizon, as before.
 */

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * `next_attempt_at` of a chat nobody holds and nothing holds back: before any clock reading, so it is due the
 * moment a row arrives even if the clock has since stepped back (NTP, another instance's skew) — `now` would
 * keep it idle until the clock caught up again.
 */
export const DUE_AT_ONCE = new Date(0);

/** Where a chat's delivery stands: the last row sent, in (xid, id) order (xid as text: it is an xid8). */
export type OutboxPosition = { xid: string; id: number };

/** Below it every transaction has finished: the rows under it are all there will ever be. */
const horizon = sql`pg_snapshot_xmin(pg_current_snapshot())`;
/** Outbox rows `o` past the cursor of connection `t` (in the same statement). */
const pastCursor = (t: string) =>
  sql`o.business_id = ${sql.raw(t)}.business_id
    and (o.xid, o.id) > (${sql.raw(t)}.delivered_through_xid, ${sql.raw(t)}.delivered_through_id)`;

/** A connection claimed for sending, until `lease`. */
export type ClaimedConnection = {
  businessId: string;
  chatId: number;
  delivered: OutboxPosition;
  attempts: number;
  language: LanguageCode;
  timezone: string;
  lease: Date;
};

/**
 * Claims up to `limit` connections that have something to send and are due (not broken, not held by
 * another sender, past their backoff), holding each until `lease`; with `businessIds`, only among those.
 * One statement, and SKIP LOCKED on PostgreSQL, so of instances claiming at once each gets other chats.
 */
export async function claimDueConnections(
  db: Executor,
  input: { now: Date; lease: Date; limit: number; businessIds: readonly string[] | null },
): Promise<ClaimedConnection[]> {
  const { now, lease, limit, businessIds } = input;
  const among = businessIds ? sql`and c.business_id = any(${`{${businessIds.join(",")}}`}::uuid[])` : sql``;
  const rows = await rawRows<
    Omit<ClaimedConnection, "lease" | "delivered"> & {
      deliveredThroughId: string;
      deliveredThroughXid: string;
    }
  >(
    db,
    sql`with due as (
        select c.business_id from telegram_connections c
        where c.broken_at is null and c.next_attempt_at <= ${at(now)} ${among}
          and exists (select from outbox o where ${pastCursor("c")})
        order by c.next_attempt_at
        limit ${limit}
        for update of c skip locked
      )
      update telegram_connections t set next_attempt_at = ${at(lease)}
      from due, businesses b
      where t.business_id = due.business_id and b.id = t.business_id and t.next_attempt_at <= ${at(now)}
      returning t.business_id as "businessId", t.chat_id::text as "chatId",
        t.delivered_through_id::text as "deliveredThroughId",
        t.delivered_through_xid::text as "deliveredThroughXid",
        t.attempts, b.language, b.timezone`,
  );
  return rows.map(({ deliveredThroughId, deliveredThroughXid, ...row }) => ({
    ...row,
    chatId: Number(row.chatId),
    delivered: { xid: deliveredThroughXid, id: Number(deliveredThroughId) },
    lease,
  }));
}

/** What a message about one outbox row says: the row with the booking or call it reports. */
export type OutboxMessageRow = {
  id: number;
  xid: string;
  topic: string;
  bookingId: string | null;
  serviceName: string | null;
  customerName: string | null;
  customerPhone: string | null;
  /** The booking's status now (a button is offered only while it is still pending). */
  bookingStatus: BookingStatus | null;
  actorKind: BookingActorKind | null;
  actorName: string | null;
  toStatus: BookingStatus | null;
  fromStartTime: Date | null;
  toStartTime: Date | null;
  callId: string | null;
  callerNumber: string | null;
  callerName: string | null;
  callStartedAt: Date | null;
};

type RawMessageRow = Omit<OutboxMessageRow, "id" | "fromStartTime" | "toStartTime" | "callStartedAt"> & {
  id: string;
  fromStartTime: string | null;
  toStartTime: string | null;
  callStartedAt: string | null;
};

const dateOrNull = (text: string | null) => (text === null ? null : new Date(text));

/**
 * The business's next `limit` outbox rows after `after` and below the horizon, in (xid, id) order, with what
 * their messages say.
 */
export async function readOutboxAfter(
  db: Executor,
  businessId: string,
  after: OutboxPosition,
  limit: number,
): Promise<OutboxMessageRow[]> {
  const rows = await rawRows<RawMessageRow>(
    db,
    sql`select o.id::text as id, o.xid::text as xid, o.topic, o.booking_id as "bookingId",
        b.service_name as "serviceName",
        b.customer_name as "customerName", b.customer_phone as "customerPhone", b.status as "bookingStatus",
        e.actor_kind as "actorKind", e.actor_name as "actorName", e.to_status as "toStatus",
        to_char(e.from_start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "fromStartTime",
        to_char(e.to_start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "toStartTime",
        o.call_id as "callId", c.caller_number as "callerNumber", c.caller_name as "callerName",
        to_char(c.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "callStartedAt"
      from outbox o
      left join bookings b on b.id = o.booking_id
      left join booking_events e on e.id = o.booking_event_id
      left join calls c on c.id = o.call_id
      where o.business_id = ${businessId}::uuid and (o.xid, o.id) > (${after.xid}::xid8, ${after.id}::bigint)
        and o.xid < ${horizon}
      order by o.xid, o.id
      limit ${limit}`,
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    fromStartTime: dateOrNull(row.fromStartTime),
    toStartTime: dateOrNull(row.toStartTime),
    callStartedAt: dateOrNull(row.callStartedAt),
  }));
}

const held = (businessId: string, lease: Date) =>
  sql`business_id = ${businessId}::uuid and next_attempt_at = ${at(lease)}`;

/** A sender's cursor advance: past a sent row (or one Telegram refused for good: `skipped` says why). */
export type CursorAdvance = {
  businessId: string;
  lease: Date;
  through: OutboxPosition;
  nextLease: Date;
  skipped: string | null;
};

/**
 * Moves cursors past sent rows and renews their leases, many chats' in one statement (see
 * createStatementBatcher: each chat has at most one advance in flight, so a batch names a business once);
 * answers, per advance, false when the lease is no longer that sender's (it must stop: another instance has
 * the chat now).
 */
export function createCursorAdvancer(db: Executor): (advance: CursorAdvance) => Promise<boolean> {
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
      sql`update telegram_connections t
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
export async function releaseConnection(
  db: Executor,
  input: { businessId: string; lease: Date },
): Promise<{ more: boolean; held: boolean }> {
  const rows = await rawRows<{ more: boolean; held: boolean }>(
    db,
    sql`update telegram_connections t set next_attempt_at = ${at(DUE_AT_ONCE)}
      where ${held(input.businessId, input.lease)}
      returning exists (select from outbox o where ${pastCursor("t")} and o.xid < ${horizon}) as more,
        exists (select from outbox o where ${pastCursor("t")} and o.xid >= ${horizon}) as held`,
  );
  return { more: rows[0]?.more ?? false, held: rows[0]?.held ?? false };
}

/** A failed attempt: the head row waits until `retryAt`. */
export async function postponeConnection(
  db: Executor,
  input: { businessId: string; lease: Date; retryAt: Date; attempts: number; error: string },
): Promise<void> {
  await db.execute(
    sql`update telegram_connections
      set next_attempt_at = ${at(input.retryAt)}, attempts = ${input.attempts}::int, last_error = ${input.error}
      where ${held(input.businessId, input.lease)}`,
  );
}

/** Telegram refuses the chat for good (bot blocked, chat gone): rows wait until the owner reconnects. */
export async function markConnectionBroken(
  db: Executor,
  input: { businessId: string; lease: Date; now: Date; reason: string },
): Promise<void> {
  await db.execute(
    sql`update telegram_connections
      set broken_at = ${at(input.now)}, broken_reason = ${input.reason}, last_error = ${input.reason},
        next_attempt_at = ${at(DUE_AT_ONCE)}
      where ${held(input.businessId, input.lease)}`,
  );
}

/**
 * Deletes up to `limit` outbox rows written before `before` that no channel still needs: those the
 * business's Telegram chat has been sent, and all of a business without one (connecting starts at the newest
 * row). With them go the Telegram buttons of their bookings that are final (cancelled or completed) or have
 * no message left that is not this old. Walks the rows in id order, oldest first, and finds buttons by
 * booking, so its cost follows the rows it deletes. Answers how many rows and buttons it deleted.
 */
export async function purgeDeliveredOutbox(
  db: Executor,
  before: Date,
  limit: number,
): Promise<{ rows: number; buttons: number }> {
  const [counts] = await rawRows<{ rows: number; buttons: number }>(
    db,
    sql`with gone as (
        delete from outbox where id in (
          select o.id from outbox o
          left join telegram_connections t on t.business_id = o.business_id
          where o.created_at < ${at(before)} and (t.business_id is null
            or (o.xid, o.id) <= (t.delivered_through_xid, t.delivered_through_id))
          order by o.id
          limit ${limit}
        )
        returning id, booking_id
      ),
      buttons as (
        delete from telegram_buttons tb
        using bookings b
        where tb.booking_id in (select booking_id from gone) and b.id = tb.booking_id
          and (b.status in ('cancelled', 'completed') or not exists (select from outbox o
            where o.booking_id = tb.booking_id and o.id not in (select id from gone)))
        returning 1
      )
      select (select count(*)::int from gone) as rows, (select count(*)::int from buttons) as buttons`,
  );
  return counts ?? { rows: 0, buttons: 0 };
}
