import { PGlite } from "@electric-sql/pglite";
import type { BookingStatus } from "@shared/booking.constants";
import type { CallStatus } from "@shared/calls.constants";
import type { Executor } from "./database";

/** The tenants whose read is kept at once; past it the cache starts over (a miss costs one statement). */
const MAX_TENANTS = 10_000;

/*
 * When each tenant's data last changed, per kind of change, as a count of the changes this process has seen:
 * every writer reports what it changed here (tenantChanged), and a reader keeps what it read while
 * isTenantReadCurrent says that none of the kinds it reads changed since its mark. Exact only where this
 * process owns the data (the embedded database).
 */
let changes = 0;
/** Changes at or before this one are forgotten (the map started over): everything read before is stale. */
let forgottenUpTo = 0;

/**
 * What a write changed, so that each reader drops only what it was made of:
 * - calls: call rows (their counters with them); calls:<status>: among them, calls that have, or had, that
 *   status (a status filter's pages) — the calls writer reports both;
 * - callsAdded, callsRemoved: calls created, calls deleted — which call a booking links to may change (a
 *   booking names its call by external id, resolved when read, and may do so before the call is reported);
 * - bookings: bookings and their timelines; bookings:<status> as for calls; bookingsAdded: bookings created
 *   (the dashboard counts those of today, whatever became of them);
 * - business: the business row (timezone, currency, language, rules of appointments, …);
 * - catalogue: what the free slots are made of besides bookings and the business row (services, weekly
 *   hours, blackout dates).
 */
export const TENANT_CHANGES = [
  "calls",
  "calls:in-progress",
  "calls:completed",
  "calls:missed",
  "calls:failed",
  "callsAdded",
  "callsRemoved",
  "bookings",
  "bookings:pending",
  "bookings:confirmed",
  "bookings:completed",
  "bookings:cancelled",
  "bookingsAdded",
  "business",
  "catalogue",
] as const;
export type TenantChange = (typeof TENANT_CHANGES)[number];

/** The change of calls of one status (a new status fails the typecheck until it is listed above). */
export const callsOfStatus = (status: CallStatus): TenantChange => `calls:${status}`;
export const bookingsOfStatus = (status: BookingStatus): TenantChange => `bookings:${status}`;

const INDEX = new Map<TenantChange, number>(TENANT_CHANGES.map((kind, index) => [kind, index]));
/** Per tenant, the count at each kind's last change (TENANT_CHANGES order). */
const lastChange = new Map<string, number[]>();

/** The mark to keep with a read: take it before the read is sent. */
export const tenantReadMark = () => changes;

/** Whether a read made from `mark` on still reflects the tenant's data of each kind it `reads`. */
export function isTenantReadCurrent(tenantId: string, mark: number, reads: readonly TenantChange[]): boolean {
  if (mark < forgottenUpTo) return false;
  const last = lastChange.get(tenantId);
  if (!last) return true;
  for (const kind of reads) if (mark < last[INDEX.get(kind)!]!) return false;
  return true;
}

/**
 * Call after every write of a tenant's data with each kind it may have changed (its transaction over, failed
 * ones too; on the embedded database a write inside a transaction may call it at once: no other statement
 * runs until that transaction ends).
 */
export function tenantChanged(tenantId: string, ...changed: [TenantChange, ...TenantChange[]]): void {
  changes++;
  let last = lastChange.get(tenantId);
  if (!last) {
    if (lastChange.size >= MAX_TENANTS) {
      lastChange.clear();
      forgottenUpTo = changes;
    }
    last = TENANT_CHANGES.map(() => 0);
    lastChange.set(tenantId, last);
  }
  for (const kind of changed) last[INDEX.get(kind)!] = changes;
}

type Slot<T> = {
  /** The database the value was read from: a test process may hold several, with the same tenant ids. */
  client: object;
  /** Bumped by every change, so a read that began before one never stores what it read. */
  generation: number;
  value?: { current: T };
  pending?: Promise<T>;
};

export type TenantReadCache<T> = {
  /** The tenant's value: from memory when it is known to be current, else read (concurrent misses share one read). */
  read(db: Executor, tenantId: string): Promise<T>;
  /**
   * Call after every statement that may change what `read` returns for the tenant, before answering. It
   * reports the cache's kind of change of the tenant (tenantChanged) as well: what other readers derive from
   * it is read again.
   */
  changed(tenantId: string): void;
};

/**
 * One read per tenant kept in memory between the writes that change it — exact, not a time-to-live, and only
 * on the embedded database outside a transaction: there one process owns the data, every statement (a
 * transaction's included) runs one after another on its single connection, and the writers call `changed`.
 * With DATABASE_URL several instances may share the database, so every read goes to it.
 *
 * A read that began before a change may return what it read to its own caller (it was asked before the change
 * was answered) but never stores it, so no later caller sees it.
 */
export function createTenantReadCache<T>(
  read: (db: Executor, tenantId: string) => Promise<T>,
  change: TenantChange,
): TenantReadCache<T> {
  const slots = new Map<string, Slot<T>>();

  const slotFor = (client: object, tenantId: string): Slot<T> => {
    const known = slots.get(tenantId);
    if (known?.client === client) return known;
    if (slots.size >= MAX_TENANTS && !known) slots.clear();
    const slot: Slot<T> = { client, generation: 0 };
    slots.set(tenantId, slot);
    return slot;
  };

  return {
    read(db, tenantId) {
      if (!("$client" in db) || !(db.$client instanceof PGlite)) return read(db, tenantId);
      const slot = slotFor(db.$client, tenantId);
      if (slot.value) return Promise.resolve(slot.value.current);
      if (slot.pending) return slot.pending;
      const generation = slot.generation;
      const pending: Promise<T> = read(db, tenantId).then(
        (value) => {
          if (slot.generation === generation) slot.value = { current: value };
          if (slot.pending === pending) slot.pending = undefined;
          return value;
        },
        (error: unknown) => {
          if (slot.pending === pending) slot.pending = undefined;
          throw error;
        },
      );
      slot.pending = pending;
      return pending;
    },
    changed(tenantId) {
      tenantChanged(tenantId, change);
      const slot = slots.get(tenantId);
      if (!slot) return;
      slot.generation++;
      slot.value = undefined;
      slot.pending = undefined;
    },
  };
}
