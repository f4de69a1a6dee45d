import { randomUUID } from "node:crypto";
import { type BookingStatusEvent, nextBookingState, waitsForStart } from "@machines/booking-status.machine";
import type {
  BookingAction,
  BookingActorKind,
  BookingSource,
  BookingStatus,
} from "@shared/booking.constants";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { isExclusionViolation } from "../db/errors";
import { rawRows } from "../db/raw-rows";
import { type BookingRow, bookings } from "../db/schema/bookings.schema";
import type { BatchAnswer } from "../db/statement-batcher";
import { outboxWritten } from "../outbox/outbox-signal";
import { Refusal } from "../refusal";
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

/** The refusal of a time held by another booking (any status but cancelled) (routes may add nextFreeSlots). */
export const slotTaken = () =>
  new Refusal("SLOT_TAKEN", "That time is no longer free: another booking holds it", { field: "startTime" });

const notFound = () => new Refusal("NOT_FOUND", NO_BOOKING);

/** The refusal of a change made against a version that is no longer the booking's (If-Match, version). */
export const bookingChanged = (now: Pick<BookingRow, "version" | "status">) =>
  new Refusal(
    "BOOKING_CHANGED",
    `The booking was changed by someone else (now version ${now.version}, ${now.status})`,
    { currentStatus: now.status },
  );

/** What an occupied range covers: the appointment widened by the buffers it was booked with. */
const occupiedRange = (start: Date, end: Date, before: number, after: number) => ({
  occupiedStart: new Date(start.getTime() - before * MINUTE_MS),
  occupiedEnd: new Date(end.getTime() + after * MINUTE_MS),
});

type BookingJson = Omit<
  BookingRow,
  "startTime" | "endTime" | "occupiedStart" | "occupiedEnd" | "createdAt" | "updatedAt"
> & {
  startTime: string;
  endTime: string;
  occupiedStart: string;
  occupiedEnd: string;
  createdAt: string;
  updatedAt: string;
};

const instant = (value: string) => new Date(value);

/** A booking as `row_to_json` gives it (snake_case, instants as text), as drizzle would have typed it. */
function bookingOfJson(text: string): BookingRow {
  const json = JSON.parse(text) as Record<string, unknown>;
  const camel = Object.fromEntries(
    Object.entries(json).map(([key, value]) => [
      key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  ) as BookingJson;
  return {
    ...camel,
    startTime: instant(camel.startTime),
    endTime: instant(camel.endTime),
    occupiedStart: instant(camel.occupiedStart),
    occupiedEnd: instant(camel.occupiedEnd),
    createdAt: instant(camel.createdAt),
    updatedAt: instant(camel.updatedAt),
  };
}

/**
 * One statement: `change` (an insert or update of one booking, `returning *`), its timeline entry and its
 * outbox row. One round trip, and atomic as any statement is; the booking as it now is, or null when `change`
 * touched no row.
 */
async function writeRecorded(
  db: Executor,
  change: SQL,
  record: { before: BookingRow | null; action: BookingAction; actor: BookingActor; at: Date },
): Promise<BookingRow | null> {
  const { before, action, actor } = record;
  const eventId = randomUUID();
  const at = record.at.toISOString();
  const [row] = await rawRows<{ booking: string }>(
    db,
    sql`with changed as (${change}),
      event as (
        insert into booking_events (id, business_id, booking_id, at, action, actor_kind, actor_id, actor_name,
          from_status, to_status, from_start_time, to_start_time, from_end_time, to_end_time, version)
        select ${eventId}::uuid, business_id, id, ${at}::timestamptz, ${action}::text, ${actor.kind}::text,
          ${actor.id}::text, ${actor.name}::text, ${before?.status ?? null}::text, status,
          ${before?.startTime.toISOString() ?? null}::timestamptz, start_time,
          ${before?.endTime.toISOString() ?? null}::timestamptz, end_time, version
        from changed
      ),
      box as (
        insert into outbox (business_id, topic, booking_id, booking_event_id, created_at)
        select business_id, ${`booking.${action}`}::text, id, ${eventId}::uuid, ${at}::timestamptz from changed
      )
      select row_to_json(changed)::text as booking from changed`,
  );
  return row ? bookingOfJson(row.booking) : null;
}

/**
 * Runs a write that adds outbox rows, then tells the channels that deliver them (see outbox-signal.ts),
 * failed writes too: part of one may have landed, and a needless wake-up costs one claim query.
 */
async function wakingOutbox<T>(businessIds: Iterable<string>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    outboxWritten(businessIds);
  }
}

/** The call a booking names, checked to come from the assistant: only it books during a call. */
function callNamedBy(source: BookingSource, callExternalId: string | null): string | null {
  if (callExternalId !== null && source !== "assistant")
    throw new Error(`A ${source} booking cannot name a call (${callExternalId})`);
  return callExternalId;
}

/** One booking to create and who creates it, as createBookings takes them. */
export type BookingToCreate = { businessId: string; actor: BookingActor; booking: NewBooking; now: Date };

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Creates pending bookings (version 1), each with its 'create' event and 'booking.create' outbox row, in one
 * statement however many there are (what lets concurrent bookings share one round trip and one commit). Each
 * keeps its service's name, duration, price and buffers (the service's own, else the business's) as they are
 * now. The exclusion constraint decides every overlap, with the rows already there and with those earlier in
 * the same batch: an item it refuses is left out (`on conflict do nothing`) and answered on its own.
 *
 * Each item is answered in order: the booking with created true; for an externalId the business has booked
 * already, that booking with created false (a retry, or a concurrent twin that won), whatever else the item
 * says; else 404 NOT_FOUND for a service that is not an active one of the business, or 409 SLOT_TAKEN.
 */
export async function createBookings(
  db: Executor,
  items: readonly BookingToCreate[],
): Promise<BatchAnswer<CreatedBooking>[]> {
  const input = items.map(({ businessId, actor, booking, now }, n) => ({
    n,
    id: randomUUID(),
    event_id: randomUUID(),
    business_id: businessId,
    external_id: booking.externalId ?? null,
    source: booking.source,
    service_id: booking.serviceId,
    customer_name: booking.customerName,
    customer_phone: booking.customerPhone,
    notes: booking.notes ?? null,
    call_external_id: callNamedBy(booking.source, booking.callExternalId ?? null),
    start_time: booking.startTime.toISOString(),
    at: now.toISOString(),
    actor_kind: actor.kind,
    actor_id: actor.id,
    actor_name: actor.name,
  }));
  let rows: { n: number; booking: string | null; service_found: boolean }[];
  try {
    rows = await wakingOutbox(new Set(items.map((item) => item.businessId)), () =>
      rawRows(
        db,
        sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(n int, id uuid, event_id uuid,
            business_id uuid, external_id text, source text, service_id uuid, customer_name text,
            customer_phone text, notes text, call_external_id text, start_time timestamptz, at timestamptz,
            actor_kind text, actor_id text, actor_name text)
        ), candidate as (
          select i.*, s.name as service_name, s.duration_minutes, s.price_cents,
            coalesce(s.buffer_before_minutes, b.buffer_before_minutes) as before,
            coalesce(s.buffer_after_minutes, b.buffer_after_minutes) as after
          from input i
          join services s on s.id = i.service_id and s.business_id = i.business_id and s.is_active
          join businesses b on b.id = s.business_id
        ), changed as (
          insert into bookings (id, business_id, external_id, source, service_id, service_name,
            duration_minutes, price_cents, buffer_before_minutes, buffer_after_minutes, customer_name,
            customer_phone, notes, call_id, call_external_id, start_time, end_time, occupied_start, occupied_end,
            status, version, created_at, updated_at)
          select c.id, c.business_id, c.external_id, c.source, c.service_id, c.service_name, c.duration_minutes,
            c.price_cents, c.before, c.after, c.customer_name, c.customer_phone, c.notes,
            (select k.id from calls k where k.business_id = c.business_id and k.external_id = c.call_external_id),
            c.call_external_id, c.start_time, c.start_time + make_interval(mins => c.duration_minutes),
            c.start_time - make_interval(mins => c.before),
            c.start_time + make_interval(mins => c.duration_minutes + c.after), 'pending', 1, c.at, c.at
          from candidate c
          order by c.n
          on conflict do nothing
          returning *
        ), event as (
          insert into booking_events (id, business_id, booking_id, at, action, actor_kind, actor_id, actor_name,
            from_status, to_status, from_start_time, to_start_time, from_end_time, to_end_time, version)
          select i.event_id, ch.business_id, ch.id, i.at, 'create', i.actor_kind, i.actor_id, i.actor_name, null,
            ch.status, null, ch.start_time, null, ch.end_time, ch.version
          from changed ch join input i on i.id = ch.id
        ), box as (
          insert into outbox (business_id, topic, booking_id, booking_event_id, created_at)
          select ch.business_id, 'booking.create', ch.id, i.event_id, i.at from changed ch join input i on i.id = ch.id
        )
        select i.n, (select row_to_json(ch)::text from changed ch where ch.id = i.id) as booking,
          exists (select from candidate c where c.n = i.n) as service_found
        from input i
        order by i.n`,
      ),
    );
  } catch (error) {
    if (items.length === 1) throw error;
    // What the database refuses in one item must not fail the others that happened to share its batch.
    return Promise.all(items.map((item) => createBookings(db, [item]).then(([answer]) => answer!, asError)));
  }
  return Promise.all(
    rows.map(async ({ n, booking, service_found }): Promise<BatchAnswer<CreatedBooking>> => {
      if (booking !== null) return { row: bookingOfJson(booking), created: true };
      const { businessId, booking: wanted } = items[n]!;
      // Left out: the externalId is booked already (the unique index) or the time overlaps (the exclusion).
      const existing = wanted.externalId
        ? await findBookingByExternalId(db, businessId, wanted.externalId)
        : null;
      if (existing) return { row: existing, created: false };
      return service_found ? slotTaken() : new Refusal("NOT_FOUND", NO_SERVICE, { field: "serviceId" });
    }),
  );
}

/** One booking, as createBookings makes it: its answer, or the refusal thrown. */
export async function createBooking(db: Executor, item: BookingToCreate): Promise<CreatedBooking> {
  const [answer] = await createBookings(db, [item]);
  if (answer instanceof Error) throw answer;
  return answer!;
}

/** The machine's event of each action: how a route names the change it asks for. */
export type BookingChange = BookingStatusEvent;

/**
 * Applies one change of spec 4 to a booking of `businessId`, decided by nextBookingState on the row read FOR
 * UPDATE, with its event and 'booking.<action>' outbox row, in one transaction; the version goes up by one.
 * A call reported after the booking is linked on the way, so the answer names it as every read does.
 * 404 NOT_FOUND for another business's or an unknown booking; 409 BOOKING_CHANGED when `expectedVersion` is
 * not the current one; 409 BOOKING_STATUS when the rule does not allow it, 409 BOOKING_NOT_STARTED when it
 * would once the appointment has started (a complete before the start, by `now`: all three carry
 * currentStatus); 409 SLOT_TAKEN when a reschedule's new range overlaps another holding booking's. A
 * reschedule to the booking's own start answers the row as it is, changing nothing.
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
    const after = await wakingOutbox([businessId], () =>
      db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.businessId, businessId), eq(bookings.id, bookingId)))
          .for("update");
        if (!before) throw notFound();
        if (expectedVersion !== undefined && expectedVersion !== before.version) throw bookingChanged(before);
        const context = {
          startTime: before.startTime.getTime(),
          endTime: before.endTime.getTime(),
          now: now.getTime(),
        };
        const next = nextBookingState(before.status, context, event);
        if (!next && waitsForStart(before.status, context, event))
          throw new Refusal(
            "BOOKING_NOT_STARTED",
            `The appointment starts at ${before.startTime.toISOString()}: it can be ${ACTION_PAST[actionOf(event)]} only once it has started`,
            { currentStatus: before.status },
          );
        if (!next)
          throw new Refusal(
            "BOOKING_STATUS",
            `A ${before.status} booking cannot be ${ACTION_PAST[actionOf(event)]}`,
            { currentStatus: before.status },
          );
        // Spec 4's reschedule sets a new start: a move to the start it has already is no change. Nothing is
        // written (no version, event or outbox row: nobody is told again), a confirmed booking stays confirmed.
        if (event.type === "booking.reschedule" && event.startTime === before.startTime.getTime())
          return before;
        const startTime = new Date(next.times.startTime);
        const endTime = new Date(next.times.endTime);
        const occupied = occupiedRange(
          startTime,
          endTime,
          before.bufferBeforeMinutes,
          before.bufferAfterMinutes,
        );
        const after = await writeRecorded(
          tx,
          sql`update bookings set status = ${next.status}::text,
            start_time = ${startTime.toISOString()}::timestamptz, end_time = ${endTime.toISOString()}::timestamptz,
            occupied_start = ${occupied.occupiedStart.toISOString()}::timestamptz,
            occupied_end = ${occupied.occupiedEnd.toISOString()}::timestamptz,
            version = ${before.version + 1}::int, updated_at = ${now.toISOString()}::timestamptz,
            call_id = coalesce(call_id, (select c.id from calls c
              where c.business_id = bookings.business_id and c.external_id = bookings.call_external_id))
          where id = ${before.id}::uuid
          returning *`,
          { before, action: actionOf(event), actor, at: now },
        );
        return after!;
      }),
    );
    return after;
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
 * or cancel to reach `status`, all dated at its creation; version is the number of those events.
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
 * Inserts many bookings of one business with multi-row statements of 2,000, each with its timeline, in one
 * transaction: all or nothing; bookings whose externalId the business already has are skipped (a load can be
 * re-run). The exclusion constraint applies as to any booking: an overlap fails the load with SLOT_TAKEN. No outbox
 * rows: a loaded history is not news to deliver. `actor` is who the timeline names (usually 'system').
 */
export async function insertBookings(
  db: Executor,
  businessId: string,
  rows: readonly BulkBooking[],
  actor: BookingActor,
): Promise<{ inserted: number }> {
  const insertChunks = async (tx: Executor) => {
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
          call_external_id: callNamedBy(r.source, r.callExternalId),
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
      const [result] = await rawRows<{ inserted: number }>(
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
      );
      inserted += result!.inserted;
    }
    return { inserted };
  };
  try {
    return await db.transaction(insertChunks);
  } catch (error) {
    if (isExclusionViolation(error, NO_DOUBLE_BOOKING)) throw slotTaken();
    throw error;
  }
}

/** What removing a booking's customer details sets: the bookings list then shows them removed. */
const personalRemoved = (now: Date) =>
  sql`customer_name = '', customer_phone = '', notes = null,
    personal_removed_at = coalesce(personal_removed_at, ${now.toISOString()}::timestamptz)`;

/**
 * Removes the customer's name, phone and notes from up to `limit` of the business's bookings whose
 * appointment ended before `before` and still hold them, marking each with `now`; resolves to their ids. The
 * booking stays (status, service, time, price: what the figures count), its version and timeline unchanged:
 * this is no change of the appointment.
 */
export async function removeBookingPersonalData(
  db: Executor,
  businessId: string,
  before: Date,
  limit: number,
  now: Date,
): Promise<string[]> {
  const [row] = await rawRows<{ ids: string[] }>(
    db,
    sql`with due as (
        select id from bookings
        where business_id = ${businessId}::uuid and personal_removed_at is null
          and end_time < ${before.toISOString()}::timestamptz
        order by end_time
        limit ${limit}
      ),
      removed as (
        update bookings b set ${personalRemoved(now)}
        from due where b.id = due.id
        returning b.id
      )
      select coalesce(json_agg(id), '[]') as ids from removed`,
  );
  return row!.ids;
}

/**
 * The privacy desk's erasure of one customer's bookings (`customer`: a condition on bookings, see
 * callerCondition): their name, phone and notes removed as removeBookingPersonalData does, every status; the
 * bookings stay for the figures, their version and timeline unchanged. Resolves to their ids.
 */
export async function eraseCustomerBookings(
  tx: Executor,
  businessId: string,
  customer: SQL,
  now: Date,
): Promise<string[]> {
  const [row] = await rawRows<{ ids: string[] }>(
    tx,
    sql`with erased as (
        update bookings set ${personalRemoved(now)}
        where business_id = ${businessId}::uuid and ${customer}
        returning id
      )
      select coalesce(json_agg(id), '[]') as ids from erased`,
  );
  return row!.ids;
}
