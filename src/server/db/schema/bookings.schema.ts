import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  BOOKING_ACTIONS,
  BOOKING_ACTOR_KINDS,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  type BookingAction,
  type BookingActorKind,
  type BookingSource,
  type BookingStatus,
} from "../../../shared/booking.constants";
import { businessIdColumn } from "./businesses.schema";
import { callerDigits, calls } from "./calls.schema";
import { services } from "./services.schema";
import { xid8 } from "./xid8.column";

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * Appointments. A booking keeps what it was booked for (service name, duration, price, buffers) so that
 * changing or deleting the service never changes it. It occupies [occupied_start, occupied_end): its time
 * widened by its buffers; the occupied ranges of one business's bookings that are not cancelled never
 * overlap (an exclusion constraint, migrations 0015 and 0023: the database decides, not a read-then-write).
 * The range exists only for that constraint: an empty one (start = end) holds no time, which only the
 * completed bookings the old rule let overlap have (migration 0023, see docs/spec-notes.md).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: businessIdColumn(),
    /** The assistant's own id of the booking: a retried request returns the same booking. */
    externalId: text("external_id"),
    source: text("source").$type<BookingSource>().notNull(),
    serviceId: uuid("service_id").references(() => services.id, { onDelete: "set null" }),
    serviceName: text("service_name").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    priceCents: integer("price_cents").notNull(),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull(),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull(),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    notes: text("notes"),
    callId: uuid("call_id").references(() => calls.id, { onDelete: "set null" }),
    /** The call the assistant named; linked to call_id when that call is (or later gets) reported. */
    callExternalId: text("call_external_id"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    occupiedStart: timestamp("occupied_start", { withTimezone: true }).notNull(),
    occupiedEnd: timestamp("occupied_end", { withTimezone: true }).notNull(),
    status: text("status").$type<BookingStatus>().notNull(),
    /** When the retention purge removed the customer's name, phone and notes (null: not yet). */
    personalRemovedAt: timestamp("personal_removed_at", { withTimezone: true }),
    /** Raised by every change; a change made against an older one is refused (If-Match). */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bookings_business_id_external_id_key")
      .on(t.businessId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index("bookings_business_id_start_time_id_idx").on(t.businessId, t.startTime, t.id),
    index("bookings_business_id_status_start_time_id_idx").on(t.businessId, t.status, t.startTime, t.id),
    // The privacy desk's ways to one customer's bookings (see calls.schema.ts, callerDigits); the digits one is
    // also the assistant's to a caller's upcoming bookings (listCallerUpcomingBookings).
    index("bookings_business_id_customer_digits_idx").on(t.businessId, callerDigits(t.customerPhone)),
    index("bookings_business_id_customer_name_idx").on(t.businessId, sql`lower(${t.customerName})`),
    index("bookings_business_id_created_at_idx").on(t.businessId, t.createdAt),
    index("bookings_call_id_idx").on(t.callId),
    // The retention purge's way to the past bookings still holding their customer's details.
    index("bookings_personal_kept_idx")
      .on(t.businessId, t.endTime)
      .where(sql`${t.personalRemovedAt} is null`),
    // Deleting a service sets its bookings' service_id to null: found through this, not a scan.
    index("bookings_service_id_idx").on(t.serviceId).where(sql`${t.serviceId} is not null`),
    // Bookings waiting for their call to be reported.
    index("bookings_business_id_call_external_id_idx")
      .on(t.businessId, t.callExternalId)
      .where(sql`${t.callId} is null and ${t.callExternalId} is not null`),
    check("bookings_status_known", sql`${t.status} in (${sqlList(BOOKING_STATUSES)})`),
    check("bookings_source_known", sql`${t.source} in (${sqlList(BOOKING_SOURCES)})`),
    check("bookings_times_ordered", sql`${t.startTime} <= ${t.endTime}`),
    check(
      "bookings_occupied_covers_times",
      sql`(${t.occupiedStart} <= ${t.startTime} and ${t.occupiedEnd} >= ${t.endTime}) or (${t.status} = 'completed' and ${t.occupiedStart} = ${t.occupiedEnd})`,
    ),
    check("bookings_duration_minutes_non_negative", sql`${t.durationMinutes} >= 0`),
    check("bookings_price_cents_non_negative", sql`${t.priceCents} >= 0`),
    check(
      "bookings_buffers_range",
      sql`${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferAfterMinutes} between 0 and 240`,
    ),
    check("bookings_version_positive", sql`${t.version} >= 1`),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;

/**
 * A booking's timeline: every change, who made it through which channel, and the status and time before and
 * after (from_* null for the creation). Written in the same transaction as the change.
 */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: businessIdColumn(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").$type<BookingAction>().notNull(),
    actorKind: text("actor_kind").$type<BookingActorKind>().notNull(),
    /** The staff user's or assistant key's id, when there is one. */
    actorId: text("actor_id"),
    /** As the timeline shows it: the user's email, the key's name; kept if the user or key goes. */
    actorName: text("actor_name"),
    fromStatus: text("from_status").$type<BookingStatus>(),
    toStatus: text("to_status").$type<BookingStatus>().notNull(),
    fromStartTime: timestamp("from_start_time", { withTimezone: true }),
    toStartTime: timestamp("to_start_time", { withTimezone: true }).notNull(),
    fromEndTime: timestamp("from_end_time", { withTimezone: true }),
    toEndTime: timestamp("to_end_time", { withTimezone: true }).notNull(),
    /** The booking's version after this change (1 for the creation): the order of the timeline. */
    version: integer("version").notNull(),
  },
  (t) => [
    uniqueIndex("booking_events_booking_id_version_key").on(t.bookingId, t.version),
    // A business's events in id order: its export's pages and its deletion (privacy/tenant-tables.ts).
    index("booking_events_business_id_id_idx").on(t.businessId, t.id),
    check("booking_events_action_known", sql`${t.action} in (${sqlList(BOOKING_ACTIONS)})`),
    check("booking_events_actor_kind_known", sql`${t.actorKind} in (${sqlList(BOOKING_ACTOR_KINDS)})`),
  ],
);

export type BookingEventRow = typeof bookingEvents.$inferSelect;

/**
 * What other services must hear of (Telegram now, the online calendar later), written in the same
 * transaction as the change it reports, so a change is never lost nor a message sent for a change that was
 * rolled back. A business's rows are read in (xid, id) order: `xid` is the writing transaction, and a reader
 * takes only rows of transactions below its snapshot's xmin (all finished, so no row can still appear
 * before one it has passed, whatever order concurrent writers commit in). Each channel keeps its own
 * cursor into them (Telegram: telegram_connections.delivered_through_xid/_id), so delivery state never
 * touches these rows.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: businessIdColumn(),
    /** e.g. booking.create, booking.confirm, booking.reschedule. */
    topic: text("topic").notNull(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    bookingEventId: uuid("booking_event_id").references(() => bookingEvents.id, { onDelete: "cascade" }),
    /** call.missed: the call it reports. */
    callId: uuid("call_id").references(() => calls.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction (pg_current_xact_id()); '0' for rows written before it was recorded. */
    xid: xid8("xid").notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index("outbox_business_id_xid_id_idx").on(t.businessId, t.xid, t.id),
    index("outbox_call_id_idx").on(t.callId).where(sql`${t.callId} is not null`),
    // A deleted booking (or business) cascades here: one index probe per booking, not a scan of the outbox.
    index("outbox_booking_id_idx").on(t.bookingId),
    index("outbox_booking_event_id_idx").on(t.bookingEventId),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
