import { PGlite } from "@electric-sql/pglite";
import type { Executor } from "./database";

/** The tenants whose read is kept at once; past it the cache starts over (a miss costs one statement). */
const MAX_TENANTS = 10_000;

/*
 * When each tenant's data last changed, as a count of the changes this process has seen: every cache's
 * `changed` reports here, and so do the writers whose readers keep more than one read (bookings: the free
 * slots and busy time derived from them). A reader takes a mark before it reads and keeps what it read while
 * isTenantReadCurrent says so. Exact only where this process owns the data (the embedded database).
 */
let changes = 0;
/** Changes at or before this one are forgotten (the maps started over): everything read before is stale. */
let forgottenUpTo = 0;
const lastChange = new Map<string, number>();
/** The same, for every change but of bookings alone: what a reader of settings, not bookings, looks at. */
const lastSettingsChange = new Map<string, number>();

/**
 * What changed: a tenant's bookings alone, its calls alone, or anything else of it (its settings, hours,
 * catalogue, …). Readers of settings look past the first two.
 */
export type TenantChange = "bookings" | "calls" | "settings";

/** The mark to keep with a read: take it before the read is sent. */
export const tenantReadMark = () => changes;

/**
 * Whether a read made from `mark` on still reflects the tenant's data — all of it, or (`bookings: false`)
 * everything but its bookings.
 */
export const isTenantReadCurrent = (tenantId: string, mark: number, { bookings = true } = {}) =>
  mark >= ((bookings ? lastChange : lastSettingsChange).get(tenantId) ?? forgottenUpTo);

/**
 * Call after every write of a tenant's data (its transaction over, failed ones too; on the embedded database
 * a write inside a transaction may call it at once: no other statement runs until that transaction ends).
 */
export function tenantChanged(tenantId: string, change: TenantChange = "settings"): void {
  changes++;
  if (lastChange.size >= MAX_TENANTS && !lastChange.has(tenantId)) {
    lastChange.clear();
    lastSettingsChange.clear();
    forgottenUpTo = changes;
  }
  lastChange.set(tenantId, changes);
  if (change === "settings") lastSettingsChange.set(tenantId, changes);
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
   * reports a change of the tenant (tenantChanged) as well: what is derived from all of a tenant's data is
   * read again.
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
      tenantChanged(tenantId);
      const slot = slots.get(tenantId);
      if (!slot) return;
      slot.generation++;
      slot.value = undefined;
      slot.pending = undefined;
    },
  };
}
