import type { BookingScope, BookingStatus } from "@shared/booking.constants";
import type {
  Booking,
  BookingCalendarFlags,
  BookingCall,
  BookingDetail,
  BookingEvent,
  BookingsToReview,
} from "@shared/booking.schema";
import type { ApiErrorCode } from "@shared/error-codes";
import { sql } from "drizzle-orm";
import type { StartTimeRange } from "../calls/call-list-range";
import { findBusinessCurrency } from "../company/businesses.repo";
import type { Executor } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import type { BookingRow } from "../db/schema/bookings.schema";
import { storedCopyOf } from "../recordings/recording-copies.repo";
import type { TimezoneMoved } from "../time/business-timezones";
import { readInZone } from "../time/zoned-read";
import { findBookingRow } from "./booking-lookups.repo";
import { toBooking } from "./booking-views";

/*
 * What the portal reads of bookings. Writes go through bookings-write.repo.ts alone.
 *
 * A booking's call is linked late: the assistant may book before it reports the call, so a booking whose
 * call_id is still null names its call by call_external_id and is resolved here, at read time, through the
 * unique (business_id, external_id) of calls.
 */

/** The linked call's id: call_id, else the business's call whose external id the booking named. */
const callIdOf = sql`coalesce(b.call_id, (select c.id from calls c
  where c.business_id = b.business_id and c.external_id = b.call_external_id))`;

/** Columns of the Booking shape (spec names), from bookings aliased `b`; bookings_page (0016) builds the same. */
const BOOKING_COLUMNS = sql`b.id as "_id", b.customer_name as "customerName",
  b.customer_phone as "customerPhone", b.service_id as "serviceId", b.service_name as "serviceName",
  ${isoUtc(sql`b.start_time`)} as "startTime", ${isoUtc(sql`b.end_time`)} as "endTime", b.status,
  ${isoUtc(sql`b.created_at`)} as "createdAt", b.source, ${callIdOf} as "callId", b.version`;

export type BookingListFilter = {
  status: BookingStatus | null;
  scope: BookingScope;
  /** Bounds of the start time, already placed in the business's timezone. */
  range: StartTimeRange;
  page: number;
  limit: number;
  now: Date;
};

/**
 * One page of a business's bookings and the exact total, by counters (bookings_page in db/functions/bookings-page.sql):
 * scope upcoming starts at `now` (soonest first), past ends there (newest first), all is in time order; the
 * scope's cut and the range meet in one [from, to).
 */
export async function listBookings(
  db: Executor,
  businessId: string,
  filter: BookingListFilter,
): Promise<BookingPage> {
  const [row] = await rawRows<{ page: BookingPage }>(
    db,
    sql`select ${bookingsPageOf(businessId, filter)} as page`,
  );
  return row!.page;
}

/**
 * listBookings for a range placed in `timezone`, checked to still be the business's in the same statement
 * (see readInZone).
 */
export async function listBookingsInZone(
  db: Executor,
  businessId: string,
  timezone: string,
  filter: BookingListFilter,
): Promise<BookingPage | TimezoneMoved> {
  return readInZone<BookingPage>(db, businessId, timezone, bookingsPageOf(businessId, filter));
}

type BookingPage = { total: number; data: Booking[] };

function bookingsPageOf(businessId: string, { status, scope, range, page, limit, now }: BookingListFilter) {
  const from = scope === "upcoming" && (!range.from || range.from < now) ? now : range.from;
  const to = scope === "past" && (!range.to || range.to > now) ? now : range.to;
  return sql`bookings_page(${businessId}::uuid, ${status}::text, ${from?.toISOString() ?? null}::timestamptz,
    ${to?.toISOString() ?? null}::timestamptz, ${scope === "past"}::boolean, ${page}::int, ${limit}::int)`;
}

/**
 * A booking of the business with its timeline (oldest first) and the call it was made during; null if none.
 * The row is findBookingRow's, the one read of a single booking the write routes use too.
 */
export async function findBookingDetail(
  db: Executor,
  businessId: string,
  bookingId: string,
): Promise<StoredBookingDetail | null> {
  const row = await findBookingRow(db, businessId, bookingId);
  if (!row) return null;
  const [timeline, call, currency, calendar] = await Promise.all([
    readTimeline(db, bookingId),
    findBookingCall(db, row),
    findBusinessCurrency(db, businessId),
    readCalendarFlags(db, bookingId),
  ]);
  return {
    ...toBooking(row),
    callId: call?._id ?? row.callId,
    notes: row.notes,
    durationMinutes: row.durationMinutes,
    price: row.priceCents / 100,
    currency,
    timeline,
    call,
    ...(calendar && { calendar }),
  };
}

/** The columns of a booking's calendar flags, from calendar_events aliased `ce` (read by `toCalendarFlags`). */
const CALENDAR_FLAG_COLUMNS = sql`case when ce.deleted_in_google_at is null then null
    else ${isoUtc(sql`ce.deleted_in_google_at`)} end as "deletedInGoogleAt",
  ce.move_refusal_code as "refusalCode",
  case when ce.move_refused_to is null then null else ${isoUtc(sql`ce.move_refused_to`)} end as "movedTo"`;

type CalendarFlagColumns = {
  deletedInGoogleAt: string | null;
  refusalCode: ApiErrorCode | null;
  movedTo: string | null;
};

const toCalendarFlags = ({
  deletedInGoogleAt,
  refusalCode,
  movedTo,
}: CalendarFlagColumns): BookingCalendarFlags => ({
  deletedInGoogleAt,
  moveRefusal: refusalCode === null ? null : { code: refusalCode, movedTo },
});

/** What Google Calendar says of the booking's event (see calendar_events), when it has one. */
async function readCalendarFlags(db: Executor, bookingId: string): Promise<BookingCalendarFlags | null> {
  const [row] = await rawRows<CalendarFlagColumns>(
    db,
    sql`select ${CALENDAR_FLAG_COLUMNS} from calendar_events ce where ce.booking_id = ${bookingId}::uuid`,
  );
  return row ? toCalendarFlags(row) : null;
}

/**
 * The business's open bookings whose event the owner deleted or moved in Google Calendar (the move refused),
 * soonest first, at most `limit`, and how many there are: what waits on staff's decision.
 */
export async function listBookingsToReview(
  db: Executor,
  businessId: string,
  limit: number,
): Promise<BookingsToReview> {
  const rows = await rawRows<Booking & CalendarFlagColumns & { total: number }>(
    db,
    sql`select ${BOOKING_COLUMNS}, ${CALENDAR_FLAG_COLUMNS}, count(*) over ()::int as total
      from calendar_events ce join bookings b on b.id = ce.booking_id
      where ce.business_id = ${businessId}::uuid and b.business_id = ${businessId}::uuid
        and b.status in ('pending', 'confirmed')
        and (ce.deleted_in_google_at is not null or ce.move_refusal_code is not null)
      order by b.start_time, b.id
      limit ${limit}`,
  );
  return {
    data: rows.map(({ deletedInGoogleAt, refusalCode, movedTo, total: _, ...booking }) => ({
      ...booking,
      calendar: toCalendarFlags({ deletedInGoogleAt, refusalCode, movedTo }),
    })),
    total: rows[0]?.total ?? 0,
  };
}

async function readTimeline(db: Executor, bookingId: string): Promise<BookingEvent[]> {
  const rows = await rawRows<Omit<BookingEvent, "actor"> & Pick<BookingEvent["actor"], "kind" | "name">>(
    db,
    sql`select id as "_id", ${isoUtc(sql`at`)} as "at", action, actor_kind as "kind",
        actor_name as "name", from_status as "fromStatus", to_status as "toStatus",
        case when from_start_time is null then null else ${isoUtc(sql`from_start_time`)} end
          as "fromStartTime",
        ${isoUtc(sql`to_start_time`)} as "toStartTime",
        case when from_end_time is null then null else ${isoUtc(sql`from_end_time`)} end as "fromEndTime",
        ${isoUtc(sql`to_end_time`)} as "toEndTime"
      from booking_events where booking_id = ${bookingId}::uuid order by version`,
  );
  return rows.map(({ kind, name, ...event }) => ({ ...event, actor: { kind, name } }));
}

/** A booking's call as stored: `hasCopy` when its recording's copy is stored (see recordings/). */
export type StoredBookingCall = Omit<BookingCall, "recordingCopyUrl"> & { hasCopy: boolean };

/** A booking's detail as stored, its call's recording copy not yet given its address. */
export type StoredBookingDetail = Omit<BookingDetail, "call"> & { call: StoredBookingCall | null };

/** The call a booking was made during: linked by call_id, else the business's call of its call_external_id. */
async function findBookingCall(db: Executor, booking: BookingRow): Promise<StoredBookingCall | null> {
  const which = booking.callId
    ? sql`id = ${booking.callId}::uuid`
    : booking.callExternalId
      ? sql`external_id = ${booking.callExternalId}`
      : null;
  if (!which) return null;
  const [call] = await rawRows<StoredBookingCall>(
    db,
    sql`select id as "_id", caller_number as "fromNumber", ${isoUtc(sql`started_at`)} as "startTime",
        duration_seconds as "duration", status, outcome, summary, recording_url as "recordingUrl",
        ${storedCopyOf(sql`calls.business_id`, sql`calls.id`)} as "hasCopy"
      from calls where business_id = ${booking.businessId}::uuid and ${which}`,
  );
  return call ?? null;
}

/**
 * The booking made during a call: linked by call_id, or naming the call's external id (the latest such
 * booking when a call made more than one); null when the call made none.
 */
export async function findBookingOfCall(
  db: Executor,
  businessId: string,
  call: { id: string; externalId: string },
): Promise<Booking | null> {
  const [row] = await rawRows<Booking>(
    db,
    sql`select ${BOOKING_COLUMNS} from bookings b
      where b.business_id = ${businessId}::uuid
        and (b.call_id = ${call.id}::uuid or (b.call_id is null and b.call_external_id = ${call.externalId}))
      order by b.created_at desc, b.id desc limit 1`,
  );
  return row ?? null;
}

/**
 * Bookings waiting for confirmation, as the sidebar counts them: pending ones that have not started yet
 * (what the list shows for status pending in its default, upcoming scope).
 */
export async function countPendingBookings(db: Executor, businessId: string, now: Date): Promise<number> {
  const [row] = await rawRows<{ pending: number }>(
    db,
    sql`select bookings_count(${businessId}::uuid, 'pending', ${now.toISOString()}::timestamptz, null)::int as pending`,
  );
  return row!.pending;
}
