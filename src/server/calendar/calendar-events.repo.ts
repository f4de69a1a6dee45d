import type { BookingStatus } from "@shared/booking.constants";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import { createStatementBatcher } from "../db/statement-batcher";
import { dateOrNull, nextRowsAfter, type OutboxPosition } from "../outbox/outbox-cursor.repo";
import { CALENDAR_BACKFILL_TOPIC } from "./calendar-connection.repo";

/*
 * The calendar's view of the outbox (what each booking change asks of the Google event) and the one event
 * of each booking (calendar_events).
 */

/**
 * One outbox row as the calendar acts on it: the booking as that change left it, or, for a row that names
 * no timeline entry (a calendar.backfill row: see queueBookingsToShow), the booking as it is now.
 */
export type CalendarChangeRow = {
  id: number;
  xid: string;
  topic: string;
  bookingId: string | null;
  /** The status, times and version the change left the booking with (or it has now). */
  toStatus: BookingStatus | null;
  startTime: Date | null;
  endTime: Date | null;
  version: number | null;
  serviceName: string | null;
  customerName: string | null;
  customerPhone: string | null;
  /** The booking's event, when it has one, and the booking's version it shows. */
  eventId: string | null;
  eventVersion: number | null;
  deletedInGoogle: boolean;
  /**
   * A change the connect's backfill already reflects: its transaction had committed when the connect took its
   * snapshot (the cursor starts before it when another transaction was still open then; see newestOutboxRow).
   * Never a backfill row: the connect's own transaction counts as visible in its own snapshot.
   */
  coveredByConnect: boolean;
};

type RawChangeRow = Omit<CalendarChangeRow, "id" | "startTime" | "endTime"> & {
  id: string;
  startTime: string | null;
  endTime: string | null;
};

/** The business's next `limit` outbox rows after `after` and below the horizon, in (xid, id) order. */
export async function readCalendarChangesAfter(
  db: Executor,
  businessId: string,
  after: OutboxPosition,
  limit: number,
): Promise<CalendarChangeRow[]> {
  const rows = await rawRows<RawChangeRow>(
    db,
    sql`select o.id::text as id, o.xid::text as xid, o.topic, o.booking_id as "bookingId",
        case when o.booking_event_id is null then b.status else e.to_status end as "toStatus",
        ${isoUtc(sql.raw("case when o.booking_event_id is null then b.start_time else e.to_start_time end"))} as "startTime",
        ${isoUtc(sql.raw("case when o.booking_event_id is null then b.end_time else e.to_end_time end"))} as "endTime",
        case when o.booking_event_id is null then b.version else e.version end as version,
        b.service_name as "serviceName", b.customer_name as "customerName",
        b.customer_phone as "customerPhone", ce.event_id as "eventId", ce.booking_version as "eventVersion",
        (ce.deleted_in_google_at is not null) as "deletedInGoogle",
        (o.topic <> ${CALENDAR_BACKFILL_TOPIC}
          and coalesce(pg_visible_in_snapshot(o.xid, k.connected_snapshot::pg_snapshot), false)) as "coveredByConnect"
      from outbox o
      left join bookings b on b.id = o.booking_id
      left join booking_events e on e.id = o.booking_event_id
      left join calendar_events ce on ce.booking_id = o.booking_id
      left join calendar_connections k on k.business_id = o.business_id
      ${nextRowsAfter(businessId, after, limit)}`,
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    startTime: dateOrNull(row.startTime),
    endTime: dateOrNull(row.endTime),
  }));
}

/** A booking's event is in Google, showing the booking as of `bookingVersion`. */
export type RecordedEvent = {
  businessId: string;
  bookingId: string;
  eventId: string;
  bookingVersion: number;
  now: Date;
};

/** The account of the business `v.business_id`'s connected calendar, which holds the event written. */
const CONNECTED_ACCOUNT = sql`(select lower(k.email) from calendar_connections k where k.business_id = v.business_id)`;

/**
 * Records events Google took, those of all the calendars being served at that moment in one statement (see
 * createStatementBatcher; each calendar has at most one in flight).
 */
export function createEventRecorder(db: Executor): (event: RecordedEvent) => Promise<void> {
  return createStatementBatcher(async (events: RecordedEvent[]) => {
    const values = events.map((e) => ({
      booking_id: e.bookingId,
      business_id: e.businessId,
      event_id: e.eventId,
      booking_version: e.bookingVersion,
      synced_at: e.now.toISOString(),
    }));
    await db.execute(
      sql`insert into calendar_events (booking_id, business_id, event_id, account, booking_version, synced_at)
        select v.booking_id, v.business_id, v.event_id, ${CONNECTED_ACCOUNT}, v.booking_version, v.synced_at
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(booking_id uuid, business_id uuid,
          event_id text, booking_version int, synced_at timestamptz)
        on conflict (booking_id) do update set event_id = excluded.event_id, account = excluded.account,
          booking_version = greatest(calendar_events.booking_version, excluded.booking_version),
          synced_at = excluded.synced_at,
          -- A newer version of the booking now shows in Google: a move refused there is settled by it.
          move_refusal_code = case when excluded.booking_version > calendar_events.booking_version
            then null else calendar_events.move_refusal_code end,
          move_refused_to = case when excluded.booking_version > calendar_events.booking_version
            then null else calendar_events.move_refused_to end`,
    );
    return events.map(() => undefined);
  });
}

/** The booking no longer has an event (it was cancelled and its event deleted). */
export async function forgetCalendarEvent(db: Executor, bookingId: string): Promise<void> {
  await db.execute(sql`delete from calendar_events where booking_id = ${bookingId}::uuid`);
}

/**
 * Google does not have the booking's event in the calendar (404 while the calendar answers: moved to another
 * calendar, or never there), or holds it as deleted when we did not know: staff review it as one deleted in
 * Google (see calendar-sync.ts).
 */
export async function markEventMissing(
  db: Executor,
  event: { businessId: string; bookingId: string; eventId: string; now: Date },
): Promise<void> {
  // Booking version 0 for an event never recorded: it shows none of the booking's versions.
  await db.execute(
    sql`insert into calendar_events (booking_id, business_id, event_id, account, booking_version, synced_at,
        deleted_in_google_at)
      select v.booking_id, v.business_id, ${event.eventId}, ${CONNECTED_ACCOUNT}, 0,
        ${event.now.toISOString()}::timestamptz, ${event.now.toISOString()}::timestamptz
      from (select ${event.bookingId}::uuid as booking_id, ${event.businessId}::uuid as business_id) v
      on conflict (booking_id) do update
        set deleted_in_google_at = coalesce(calendar_events.deleted_in_google_at, excluded.deleted_in_google_at)`,
  );
}
