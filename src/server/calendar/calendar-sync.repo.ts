import type { BookingStatus } from "@shared/booking.constants";
import type { ApiErrorCode } from "@shared/error-codes";
import { sql } from "drizzle-orm";
import type { Executor, Transaction } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import { at, dateOrNull } from "../outbox/outbox-cursor.repo";
import { connectedAtIs, queueOutdatedRestoredBookings } from "./calendar-connection.repo";

/** A connected calendar as its sync needs it. */
export type SyncedCalendar = {
  businessId: string;
  /** When this grant was connected: which connection a check was made for (a reconnect changes it). */
  connectedAt: Date;
  email: string;
  syncToken: string | null;
  timezone: string;
  bookingHorizonDays: number;
};

/** The calendars to check: every connection that is not broken (`businessIds`: only those). */
export async function calendarsToSync(
  db: Executor,
  businessIds: readonly string[] | null,
): Promise<SyncedCalendar[]> {
  const among = businessIds ? sql`and k.business_id = any(${`{${businessIds.join(",")}}`}::uuid[])` : sql``;
  const rows = await rawRows<Omit<SyncedCalendar, "connectedAt"> & { connectedAt: string }>(
    db,
    sql`select k.business_id as "businessId", ${isoUtc(sql.raw("k.connected_at"))} as "connectedAt", k.email,
        k.sync_token as "syncToken", b.timezone, b.booking_horizon_days as "bookingHorizonDays"
      from calendar_connections k join businesses b on b.id = k.business_id
      where k.broken_at is null ${among}
      order by k.last_checked_at nulls first`,
  );
  return rows.map((row) => ({ ...row, connectedAt: new Date(row.connectedAt) }));
}

/**
 * Runs `write` in a transaction only while the connection is still the one a check was made for
 * (`connectedAt`); its row is held until the write commits, so a disconnect or a reconnect made while the
 * check waited for Google neither comes between nor lets the old calendar's changes through (a move found
 * there applied to the booking, a deletion put up for review). FOR KEY SHARE: it keeps the row from being
 * deleted or locked FOR UPDATE (connectCalendar), not the delivery from claiming it (a claim that skipped it
 * would lose the wake-up of the move just made). False when it is not.
 */
export async function whileConnected(
  db: Executor,
  calendar: { businessId: string; connectedAt: Date },
  write: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const held = await rawRows<{ businessId: string }>(
      tx,
      sql`select business_id as "businessId" from calendar_connections
        where business_id = ${calendar.businessId}::uuid and ${connectedAtIs(calendar.connectedAt)}
        for key share`,
    );
    if (held.length === 0) return false;
    await write(tx);
    return true;
  });
}

/** A booking with an event of ours, as a change made in Google is weighed against it. */
export type BookingWithEvent = {
  bookingId: string;
  eventId: string;
  /** The booking's version the event shows: behind `version`, our own change is still on its way. */
  bookingVersion: number;
  version: number;
  status: BookingStatus;
  startTime: Date;
  durationMinutes: number;
  deletedInGoogle: boolean;
};

/** The business's bookings that have an event of ours. */
export async function bookingsWithEvents(db: Executor, businessId: string): Promise<BookingWithEvent[]> {
  const rows = await rawRows<Omit<BookingWithEvent, "startTime"> & { startTime: string }>(
    db,
    sql`select ce.booking_id as "bookingId", ce.event_id as "eventId", ce.booking_version as "bookingVersion",
        b.version, b.status, ${isoUtc(sql.raw("b.start_time"))} as "startTime", b.duration_minutes as "durationMinutes",
        (ce.deleted_in_google_at is not null) as "deletedInGoogle"
      from calendar_events ce join bookings b on b.id = ce.booking_id
      where ce.business_id = ${businessId}::uuid`,
  );
  return rows.map((row) => ({ ...row, startTime: dateOrNull(row.startTime)! }));
}

/** The owner deleted these bookings' events in Google. */
export async function markDeletedInGoogle(
  db: Executor,
  bookingIds: readonly string[],
  when: Date,
): Promise<void> {
  if (bookingIds.length === 0) return;
  await db.execute(
    sql`update calendar_events set deleted_in_google_at = ${at(when)}
      where booking_id = any(${`{${bookingIds.join(",")}}`}::uuid[])`,
  );
}

/**
 * The owner put these bookings' events back in Google: no longer up for review. A change staff made while
 * an event was deleted was not sent (calendar-delivery.ts), so an event showing an older version than its
 * open booking is sent the booking as it is (a calendar.backfill row, which Telegram passes); otherwise the
 * event would keep the old time, and every later move made in Google would be taken for our own change
 * still on its way. In the caller's transaction, which wakes the delivery once it commits.
 */
export async function markRestoredInGoogle(
  tx: Transaction,
  input: { businessId: string; bookingIds: readonly string[]; now: Date },
): Promise<void> {
  if (input.bookingIds.length === 0) return;
  await queueOutdatedRestoredBookings(tx, input);
  await tx.execute(
    sql`update calendar_events ce set deleted_in_google_at = null
      where ce.business_id = ${input.businessId}::uuid
        and ce.booking_id = any(${`{${input.bookingIds.join(",")}}`}::uuid[])`,
  );
}

/**
 * Why a move made in Google to `movedTo` was not taken, by the refusal's code (null: nothing stands refused).
 * Only while the event still shows the version the check read: a change of ours delivered since put our
 * own time in Google, which is no move made there (and settles any refusal, see createEventRecorder).
 */
export async function noteMoveRefusal(
  db: Executor,
  booking: { businessId: string; bookingId: string; bookingVersion: number },
  refusal: { code: ApiErrorCode; movedTo: Date } | null,
): Promise<void> {
  await db.execute(
    sql`update calendar_events set move_refusal_code = ${refusal?.code ?? null},
          move_refused_to = ${refusal?.movedTo.toISOString() ?? null}::timestamptz
        where business_id = ${booking.businessId}::uuid and booking_id = ${booking.bookingId}::uuid
          and booking_version = ${booking.bookingVersion}`,
  );
}

/**
 * A check that went through: the calendar's busy times (not our events) replace those kept, with the sync
 * token for next time and when it was done (the Settings card shows it). Only while the connection is still
 * the one the check was made for (`connectedAt`): after a disconnect nothing owns busy times, and another
 * account connected meanwhile must not get the old calendar's. False when nothing was written.
 */
export async function saveCheck(
  db: Executor,
  input: {
    businessId: string;
    connectedAt: Date;
    syncToken: string | null;
    busy: { start: Date; end: Date }[];
    now: Date;
  },
): Promise<boolean> {
  const busy = input.busy.map((b) => ({ s: b.start.toISOString(), e: b.end.toISOString() }));
  return db.transaction(async (tx) => {
    // First, so the row lock keeps a disconnect or reconnect from coming between it and the busy times.
    const checked = await rawRows<{ businessId: string }>(
      tx,
      sql`update calendar_connections set sync_token = ${input.syncToken}, last_checked_at = ${at(input.now)}
        where business_id = ${input.businessId}::uuid and ${connectedAtIs(input.connectedAt)}
        returning business_id as "businessId"`,
    );
    if (checked.length === 0) return false;
    await tx.execute(sql`delete from calendar_busy where business_id = ${input.businessId}::uuid`);
    if (busy.length > 0)
      await tx.execute(
        sql`insert into calendar_busy (business_id, starts_at, ends_at)
          select ${input.businessId}::uuid, v.s, v.e
          from jsonb_to_recordset(${JSON.stringify(busy)}::jsonb) as v(s timestamptz, e timestamptz)`,
      );
    return true;
  });
}

/** The kept busy times overlapping [from, to), in time order (the bookings calendar shades them). */
export async function readCalendarBusy(
  db: Executor,
  input: { businessId: string; from: Date; to: Date },
): Promise<{ start: Date; end: Date }[]> {
  const rows = await rawRows<{ start: string; end: string }>(
    db,
    sql`select ${isoUtc(sql.raw("starts_at"))} as start, ${isoUtc(sql.raw("ends_at"))} as "end"
      from calendar_busy
      where business_id = ${input.businessId}::uuid and starts_at < ${at(input.to)} and ends_at > ${at(input.from)}
      order by starts_at, ends_at`,
  );
  return rows.map((row) => ({ start: new Date(row.start), end: new Date(row.end) }));
}
