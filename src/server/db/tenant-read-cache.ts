import { PGlite } from "@electric-sql/pglite";
import type { Executor } from "./database";

/** The tenants whose read is kept at once; past it the cache starts over (a miss costs one statement). */
const MAX_TENANTS = 10_000;

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
  /** Call after every statement that may change what `read` returns for the tenant, before answering. */
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
      const slot = slots.get(tenantId);
      if (!slot) return;
      slot.generation++;
      slot.value = undefined;
      slot.pending = undefined;
    },
  };
}
