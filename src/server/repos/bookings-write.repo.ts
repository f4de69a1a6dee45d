import { randomUUID } from "node:crypto";
import { type BookingStatusEvent, nextBookingState } from "@machines/booking-status.machine";
import type {
  BookingAction,
  BookingActorKind,
  BookingSource,
  BookingStatus,
} from "@shared/booking.constants";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { isExclusionViolation, isUniqueViolation } from "../db/errors";
import { rawRows } from "../db/raw-rows";
import { type BookingRow, bookingEvents, bookings, outbox } from "../db/schema/bookings.schema";
import { businesses } from "../db/schema/businesses.schema";
import { calls } from "../db/schema/calls.schema";
import { services } from "../db/schema/services.schema";
import { ApiError } from "../http/api-error";
import { findBookingByExternalId } from "./booking-lookups.repo";

/*
 * The one module that writes bookings, their timeline (booking_events) and the outbox: every change is the
 * row, its event and its outbox row in one transaction, decided by machines/booking-status.machine.ts, and
 * the database's exclusion constraint (not a read before the write) keeps two holding bookings apart.
 * tests/server/booking-writers.test.ts fails when another module writes to these tables.
 */

const MINUTE_MS = 60_000;
const NO_BOOKING = "No such booking";
const NO_SERVICE = "No such active service";
const NO_DOUBLE_BOOKING = "bookings_no_double_booking";
const ONE_EXTERNAL_ID = "bookings_business_id_external_id_key";

/** Who makes a change, as the timeline shows it: a staff user (email), an assistant key (its name), … */
export type BookingActor = { kind: BookingActorKind; id: string | null; name: string | null };

/** A booking to create: the service is read (and snapshotted) in the creating transaction. */
export type NewBooking = {
  source: BookingSource;
  /** The assistant's own id: a retry with the same one returns the booking made the first time. */
  externalId?: string | null;
  serviceId: string;
  startTime: Date;
  customerName: string;
  customerPhone: string;
  notes?: string | null;
  /** The call it was made during: linked now when the business has that call, else kept for later. */
  callExternalId?: string | null;
};

export type CreatedBooking = { row: BookingRow; created: boolean };

/** The refusal of a time held by another pending or confirmed booking (routes may add nextFreeSlots). */
export const slotTaken = () =>
  new ApiError(409, "SLOT_TAKEN", "That time is no longer free: another booking holds it", {}, "startTime");

const notFound = () => new ApiError(404, "NOT_FOUND", NO_BOOKING);

/** What an occupied range covers: the appointment widened by the buffers it was booked with. */
const occupiedRange = (start: Date, end: Date, before: number, after: number) => ({
  occupiedStart: new Date(start.getTime() - before * MINUTE_MS),
  occupiedEnd: new Date(end.getTime() + after * MINUTE_MS),
});

/** The timeline entry and the outbox row of a change, in the transaction `tx` that made it. */
async function recordChange(
  tx: Executor,
  change: {
    before: BookingRow | null;
    after: BookingRow;
    action: BookingAction;
    actor: BookingActor;
    at: Date;
  },
) {
  const { before, after, action, actor, at } = change;
  const eventId = randomUUID();
  await tx.insert(bookingEvents).values({
    id: eventId,
    businessId: after.businessId,
    bookingId: after.id,
    at,
    action,
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    fromStatus: before?.status ?? null,
    toStatus: after.status,
    fromStartTime: before?.startTime ?? null,
    toStartTime: after.startTime,
    fromEndTime: before?.endTime ?? null,
    toEndTime: after.endTime,
    version: after.version,
  });
  await tx.insert(outbox).values({
    businessId: after.businessId,
    topic: `booking.${action}`,
    bookingId: after.id,
    bookingEventId: eventId,
    createdAt: at,
  });
}

/**
 * Creates a pending booking (version 1) with its 'create' event and 'booking.create' outbox row, in one
 * transaction. It keeps the service's name, duration, price and buffers (the service's own, else the
 * business's) as they are now. Idempotent by (business, externalId): a retry answers the existing booking
 * with created false, whatever else it says. 404 NOT_FOUND for a service that is not the business's or not
 * active; 409 SLOT_TAKEN when its occupied range overlaps a pending or confirmed booking's.
 */
export async function createBooking(
  db: Executor,
  input: { businessId: string; actor: BookingActor; booking: NewBooking; now: Date },
): Promise<CreatedBooking> {
  const { businessId, actor, booking, now } = input;
  const externalId = booking.externalId ?? null;
  if (externalId !== null) {
    const existing = await findBookingByExternalId(db, businessId, externalId);
    if (existing) return { row: existing, created: false };
  }
  try {
    const row = await db.transaction(async (tx) => {
      const [service] = await tx
        .select({
          name: services.name,
          durationMinutes: services.durationMinutes,
          priceCents: services.priceCents,
          bufferBeforeMinutes: sql<number>`coalesce(${services.bufferBeforeMinutes}, ${businesses.bufferBeforeMinutes})`,
          bufferAfterMinutes: sql<number>`coalesce(${services.bufferAfterMinutes}, ${businesses.bufferAfterMinutes})`,
        })
        .from(services)
        .innerJoin(businesses, eq(businesses.id, services.businessId))
        .where(
          and(
            eq(services.id, booking.serviceId),
            eq(services.businessId, businessId),
            eq(services.isActive, true),
          ),
        );
      if (!service) throw new ApiError(404, "NOT_FOUND", NO_SERVICE, {}, "serviceId");
      const callExternalId = booking.callExternalId ?? null;
      const [call] =
        callExternalId === null
          ? []
          : await tx
              .select({ id: calls.id })
              .from(calls)
              .where(and(eq(calls.businessId, businessId), eq(calls.externalId, callExternalId)));
      const startTime = booking.startTime;
      const endTime = new Date(startTime.getTime() + service.durationMinutes * MINUTE_MS);
      const [created] = await tx
        .insert(bookings)
        .values({
          businessId,
          externalId,
          source: booking.source,
          serviceId: booking.serviceId,
          serviceName: service.name,
          durationMinutes: service.durationMinutes,
          priceCents: service.priceCents,
          bufferBeforeMinutes: Number(service.bufferBeforeMinutes),
          bufferAfterMinutes: Number(service.bufferAfterMinutes),
          customerName: booking.customerName,
          customerPhone: booking.customerPhone,
          notes: booking.notes ?? null,
          callId: call?.id ?? null,
          callExternalId,
          startTime,
          endTime,
          ...occupiedRange(
            startTime,
            endTime,
            Number(service.bufferBeforeMinutes),
            Number(service.bufferAfterMinutes),
          ),
          status: "pending",
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordChange(tx, { before: null, after: created!, action: "create", actor, at: now });
      return created!;
    });
    return { row, created: true };
  } catch (error) {
    // A concurrent request with the same externalId won: answer its booking. (It may surface as the
    // exclusion rather than the unique index, whichever the database checked first.)
    if (externalId !== null && (isUniqueViolation(error, ONE_EXTERNAL_ID) || isExclusionViolation(error))) {
      const existing = await findBookingByExternalId(db, businessId, externalId);
      if (existing) return { row: existing, created: false };
    }
    if (isExclusionViolation(error, NO_DOUBLE_BOOKING)) throw slotTaken();
    throw error;
  }
}

/** The machine's event of each action: how a route names the change it asks for. */
export type BookingChange = BookingStatusEvent;

/**
 * Applies one change of spec 4 to a booking of `businessId`, decided by nextBookingState on the row read FOR
 * UPDATE, with its event and 'booking.<action>' outbox row, in one transaction; the version goes up by one.
 * 404 NOT_FOUND for another business's or an unknown booking; 409 BOOKING_CHANGED when `expectedVersion` is
 * not the current one; 409 BOOKING_STATUS when the rule does not allow it (both carry currentStatus); 409
 * SLOT_TAKEN when a reschedule's new range overlaps another holding booking's.
 */
export async function changeBooking(
  db: Executor,
  input: {
    businessId: string;
    bookingId: string;
    actor: BookingActor;
    event: BookingChange;
    expectedVersion?: number;
    now: Date;
  },
): Promise<BookingRow> {
  const { businessId, bookingId, actor, event, expectedVersion, now } = input;
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.businessId, businessId), eq(bookings.id, bookingId)))
        .for("update");
      if (!before) throw notFound();
      if (expectedVersion !== undefined && expectedVersion !== before.version)
        throw new ApiError(
          409,
          "BOOKING_CHANGED",
          `The booking was changed by someone else (now version ${before.version}, ${before.status})`,
          {},
          undefined,
          { currentStatus: before.status },
        );
      const next = nextBookingState(
        before.status,
        { startTime: before.startTime.getTime(), endTime: before.endTime.getTime() },
        event,
      );
      if (!next)
        throw new ApiError(
          409,
          "BOOKING_STATUS",
          `A ${before.status} booking cannot be ${ACTION_PAST[actionOf(event)]}`,
          {},
          undefined,
          { currentStatus: before.status },
        );
      const startTime = new Date(next.times.startTime);
      const endTime = new Date(next.times.endTime);
      const [after] = await tx
        .update(bookings)
        .set({
          status: next.status,
          startTime,
          endTime,
          ...occupiedRange(startTime, endTime, before.bufferBeforeMinutes, before.bufferAfterMinutes),
          version: before.version + 1,
          updatedAt: now,
        })
        .where(eq(bookings.id, before.id))
        .returning();
      await recordChange(tx, { before, after: after!, action: actionOf(event), actor, at: now });
      return after!;
    });
  } catch (error) {
    if (isExclusionViolation(error, NO_DOUBLE_BOOKING)) throw slotTaken();
    throw error;
  }
}

const actionOf = (event: BookingChange): Exclude<BookingAction, "create"> =>
  event.type.slice("booking.".length) as Exclude<BookingAction, "create">;

const ACTION_PAST: Record<Exclude<BookingAction, "create">, string> = {
  confirm: "confirmed",
  complete: "completed",
  cancel: "cancelled",
  reschedule: "rescheduled",
};

/**
 * A booking as a bulk load supplies it (demo data, benchmarks): fully resolved, its snapshots given. Its
 * timeline is written as the rule would have made it: 'create' (pending), then confirm, confirm + complete,
 * or cancel to reach `status`; version is the number of those events.
 */
export type BulkBooking = {
  externalId: string | null;
  source: BookingSource;
  serviceId: string | null;
  serviceName: string;
  durationMinutes: number;
  priceCents: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  customerName: string;
  customerPhone: string;
  notes: string | null;
  callId: string | null;
  callExternalId: string | null;
  startTime: Date;
  status: BookingStatus;
  createdAt: Date;
};

const ACTIONS_TO: Record<BookingStatus, Exclude<BookingAction, "create">[]> = {
  pending: [],
  confirmed: ["confirm"],
  completed: ["confirm", "complete"],
  cancelled: ["cancel"],
};
const STATUS_AFTER: Record<Exclude<BookingAction, "create">, BookingStatus> = {
  confirm: "confirmed",
  complete: "completed",
  cancel: "cancelled",
  reschedule: "pending",
};

/** Rows per INSERT: amortizes the round trip while keeping the JSON parameter modest. */
const CHUNK_ROWS = 2000;

/**
 * Inserts many bookings of one business with multi-row statements, one transaction per chunk of 2,000, each
 * with its timeline; bookings whose externalId the business already has are skipped (a load can be re-run).
 * The exclusion constraint applies as to any booking: an overlap fails its chunk with SLOT_TAKEN. No outbox
 * rows: a loaded history is not news to deliver. `actor` is who the timeline names (usually 'system').
 */
export async function insertBookings(
  db: Executor,
  businessId: string,
  rows: readonly BulkBooking[],
  actor: BookingActor,
): Promise<{ inserted: number }> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS).map((r) => {
      const endTime = new Date(r.startTime.getTime() + r.durationMinutes * MINUTE_MS);
      const occupied = occupiedRange(r.startTime, endTime, r.bufferBeforeMinutes, r.bufferAfterMinutes);
      const actions = ACTIONS_TO[r.status];
      const at = r.createdAt.toISOString();
      let from: BookingStatus = "pending";
      const events = [
        { action: "create", from_status: null, to_status: "pending", version: 1, at },
        ...actions.map((action, i) => {
          const event = { action, from_status: from, to_status: STATUS_AFTER[action], version: i + 2, at };
          from = STATUS_AFTER[action];
          return event;
        }),
      ];
      return {
        id: randomUUID(),
        external_id: r.externalId,
        source: r.source,
        service_id: r.serviceId,
        service_name: r.serviceName,
        duration_minutes: r.durationMinutes,
        price_cents: r.priceCents,
        buffer_before_minutes: r.bufferBeforeMinutes,
        buffer_after_minutes: r.bufferAfterMinutes,
        customer_name: r.customerName,
        customer_phone: r.customerPhone,
        notes: r.notes,
        call_id: r.callId,
        call_external_id: r.callExternalId,
        start_time: r.startTime.toISOString(),
        end_time: endTime.toISOString(),
        occupied_start: occupied.occupiedStart.toISOString(),
        occupied_end: occupied.occupiedEnd.toISOString(),
        status: r.status,
        version: events.length,
        created_at: at,
        events,
      };
    });
    try {
      const [result] = await db.transaction((tx) =>
        rawRows<{ inserted: number }>(
          tx,
          sql`with input as (
            select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(id uuid, external_id text,
              source text, service_id uuid, service_name text, duration_minutes integer, price_cents integer,
              buffer_before_minutes integer, buffer_after_minutes integer, customer_name text,
              customer_phone text, notes text, call_id uuid, call_external_id text, start_time timestamptz,
              end_time timestamptz, occupied_start timestamptz, occupied_end timestamptz, status text,
              version integer, created_at timestamptz, events jsonb)
          ), inserted as (
            insert into bookings (id, business_id, external_id, source, service_id, service_name,
              duration_minutes, price_cents, buffer_before_minutes, buffer_after_minutes, customer_name,
              customer_phone, notes, call_id, call_external_id, start_time, end_time, occupied_start,
              occupied_end, status, version, created_at, updated_at)
            select id, ${businessId}::uuid, external_id, source, service_id, service_name, duration_minutes,
              price_cents, buffer_before_minutes, buffer_after_minutes, customer_name, customer_phone, notes,
              call_id, call_external_id, start_time, end_time, occupied_start, occupied_end, status, version,
              created_at, created_at
            from input
            on conflict (business_id, external_id) where external_id is not null do nothing
            returning id, start_time, end_time
          ), timeline as (
            insert into booking_events (business_id, booking_id, at, action, actor_kind, actor_id, actor_name,
              from_status, to_status, from_start_time, to_start_time, from_end_time, to_end_time, version)
            select ${businessId}::uuid, b.id, e.at, e.action, ${actor.kind}, ${actor.id}, ${actor.name},
              e.from_status, e.to_status, case when e.version = 1 then null else b.start_time end,
              b.start_time, case when e.version = 1 then null else b.end_time end, b.end_time, e.version
            from inserted b
            join input i on i.id = b.id
            cross join lateral jsonb_to_recordset(i.events) as e(action text, from_status text,
              to_status text, version integer, at timestamptz)
          )
          select count(*)::int as inserted from inserted`,
        ),
      );
      inserted += result!.inserted;
    } catch (error) {
      if (isExclusionViolation(error, NO_DOUBLE_BOOKING)) throw slotTaken();
      throw error;
    }
  }
  return { inserted };
}
