import type { BookingActorKind, BookingStatus } from "@shared/booking.constants";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import { at, dateOrNull, nextRowsAfter, type OutboxPosition } from "../outbox/outbox-cursor.repo";

/*
 * What Telegram delivery reads and purges; where it stands (the cursor, the lease) is outbox-cursor.repo.ts.
 */

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
        ${isoUtc(sql.raw("e.from_start_time"))} as "fromStartTime", ${isoUtc(sql.raw("e.to_start_time"))} as "toStartTime",
        o.call_id as "callId", c.caller_number as "callerNumber", c.caller_name as "callerName",
        ${isoUtc(sql.raw("c.started_at"))} as "callStartedAt"
      from outbox o
      left join bookings b on b.id = o.booking_id
      left join booking_events e on e.id = o.booking_event_id
      left join calls c on c.id = o.call_id
      ${nextRowsAfter(businessId, after, limit)}`,
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    fromStartTime: dateOrNull(row.fromStartTime),
    toStartTime: dateOrNull(row.toStartTime),
    callStartedAt: dateOrNull(row.callStartedAt),
  }));
}

/**
 * Deletes up to `limit` outbox rows written before `before` that no channel still needs: those both the
 * business's Telegram chat and its online calendar have passed, a channel the business lacks counting as
 * passed (connecting starts at the newest row). With them go the Telegram buttons of their bookings that are final (cancelled or completed) or have
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
          left join calendar_connections k on k.business_id = o.business_id
          where o.created_at < ${at(before)} and (t.business_id is null
            or (o.xid, o.id) <= (t.delivered_through_xid, t.delivered_through_id))
            and (k.business_id is null
            or (o.xid, o.id) <= (k.delivered_through_xid, k.delivered_through_id))
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
