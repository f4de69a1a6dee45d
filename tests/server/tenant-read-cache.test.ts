import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import type { Executor } from "../../src/server/db/database";
import {
  createTenantReadCache,
  isTenantReadCurrent,
  TENANT_CHANGES,
  tenantChanged,
  tenantReadMark,
} from "../../src/server/db/tenant-read-cache";

// The cache's rules without a database: what it stores, when it reads again, and where it never caches.
// An embedded database is recognised by its client's class; these stand-ins only carry that class.
const embedded = () => ({ $client: Object.create(PGlite.prototype) }) as unknown as Executor;
const postgres = { $client: { query: async () => ({ rows: [] }) } } as unknown as Executor;
const transaction = {} as unknown as Executor;

/** A read whose answers the test releases one by one, counting the reads that reached the database. */
function controlledRead() {
  const waiting: ((value: string) => void)[] = [];
  let version = 0;
  return {
    reads: () => version,
    read: (_db: Executor, tenant: string) =>
      new Promise<string>((resolve) => {
        const asOf = ++version;
        waiting.push(() => resolve(`${tenant}@${asOf}`));
      }),
    answerNext: () => waiting.shift()?.(""),
  };
}

describe("tenant read cache", () => {
  it("reads once, then answers from memory until the tenant changes", async () => {
    const source = controlledRead();
    const cache = createTenantReadCache(source.read, "catalogue");
    const db = embedded();
    const first = cache.read(db, "a");
    source.answerNext();
    expect(await first).toBe("a@1");
    expect(await cache.read(db, "a")).toBe("a@1");
    expect(source.reads()).toBe(1);

    cache.changed("b");
    expect(await cache.read(db, "a")).toBe("a@1");
    cache.changed("a");
    const after = cache.read(db, "a");
    source.answerNext();
    expect(await after).toBe("a@2");
    expect(source.reads()).toBe(2);
  });

  it("lets concurrent misses share one read", async () => {
    const source = controlledRead();
    const cache = createTenantReadCache(source.read, "catalogue");
    const db = embedded();
    const answers = Promise.all([cache.read(db, "a"), cache.read(db, "a"), cache.read(db, "a")]);
    source.answerNext();
    expect(await answers).toEqual(["a@1", "a@1", "a@1"]);
    expect(source.reads()).toBe(1);
  });

  it("never stores a read that began before a change, and reads afresh for callers after it", async () => {
    const source = controlledRead();
    const cache = createTenantReadCache(source.read, "catalogue");
    const db = embedded();
    const before = cache.read(db, "a");
    cache.changed("a");
    const after = cache.read(db, "a");
    source.answerNext();
    source.answerNext();
    expect(await before).toBe("a@1");
    expect(await after).toBe("a@2");
    const later = await cache.read(db, "a");
    expect(later).toBe("a@2");
    expect(source.reads()).toBe(2);
  });

  it("keeps each database's values apart", async () => {
    const source = controlledRead();
    const cache = createTenantReadCache(source.read, "catalogue");
    const one = embedded();
    const other = embedded();
    const fromOne = cache.read(one, "a");
    source.answerNext();
    await fromOne;
    const fromOther = cache.read(other, "a");
    source.answerNext();
    expect(await fromOther).toBe("a@2");
  });

  it("does not keep a failed read", async () => {
    let calls = 0;
    const cache = createTenantReadCache(async () => {
      calls++;
      if (calls === 1) throw new Error("database away");
      return "fine";
    }, "catalogue");
    const db = embedded();
    await expect(cache.read(db, "a")).rejects.toThrow("database away");
    expect(await cache.read(db, "a")).toBe("fine");
    expect(await cache.read(db, "a")).toBe("fine");
    expect(calls).toBe(2);
  });

  it("reads every time on PostgreSQL and inside a transaction", async () => {
    let calls = 0;
    const cache = createTenantReadCache(async () => ++calls, "catalogue");
    expect([await cache.read(postgres, "a"), await cache.read(postgres, "a")]).toEqual([1, 2]);
    expect([await cache.read(transaction, "a"), await cache.read(transaction, "a")]).toEqual([3, 4]);
  });
});

describe("when a tenant last changed", () => {
  const ALL = TENANT_CHANGES;

  it("takes a read begun before a change for stale, and one begun after it for current", () => {
    const tenant = crypto.randomUUID();
    const other = crypto.randomUUID();
    const before = tenantReadMark();
    expect(isTenantReadCurrent(tenant, before, ALL)).toBe(true);
    tenantChanged(tenant, "business");
    expect(isTenantReadCurrent(tenant, before, ALL)).toBe(false);
    // Another tenant's change leaves this one's reads alone.
    expect(isTenantReadCurrent(other, before, ALL)).toBe(true);
    const after = tenantReadMark();
    expect(isTenantReadCurrent(tenant, after, ALL)).toBe(true);
    tenantChanged(other, "business");
    expect(isTenantReadCurrent(tenant, after, ALL)).toBe(true);
    expect(isTenantReadCurrent(other, after, ALL)).toBe(false);
  });

  it("drops a read only for a change of a kind it reads", () => {
    const tenant = crypto.randomUUID();
    const mark = tenantReadMark();
    tenantChanged(tenant, "calls");
    expect(isTenantReadCurrent(tenant, mark, ["calls", "business"])).toBe(false);
    expect(isTenantReadCurrent(tenant, mark, ["bookings", "business", "catalogue"])).toBe(true);
    tenantChanged(tenant, "bookings");
    expect(isTenantReadCurrent(tenant, mark, ["bookings", "business", "catalogue"])).toBe(false);
    expect(isTenantReadCurrent(tenant, mark, ["business", "catalogue"])).toBe(true);
    // One report of several kinds drops the readers of each.
    const later = tenantReadMark();
    tenantChanged(tenant, "calls", "callsAdded");
    expect(isTenantReadCurrent(tenant, later, ["callsAdded"])).toBe(false);
    expect(isTenantReadCurrent(tenant, later, ["callsRemoved"])).toBe(true);
    expect(isTenantReadCurrent(tenant, later, ["bookings"])).toBe(true);
  });

  it("hears every cache's change, as the kind it was made with", () => {
    const cache = createTenantReadCache(async () => "value", "catalogue");
    const tenant = crypto.randomUUID();
    const mark = tenantReadMark();
    cache.changed(tenant);
    expect(isTenantReadCurrent(tenant, mark, ["catalogue"])).toBe(false);
    expect(isTenantReadCurrent(tenant, mark, ["calls", "bookings", "business"])).toBe(true);
  });

  it("forgets nothing it should not: past 10,000 tenants every earlier read is stale", () => {
    const tenant = crypto.randomUUID();
    const read = tenantReadMark();
    for (let i = 0; i < 10_001; i++) tenantChanged(crypto.randomUUID(), "calls");
    expect(isTenantReadCurrent(tenant, read, ["catalogue"])).toBe(false);
    expect(isTenantReadCurrent(tenant, tenantReadMark(), ["catalogue"])).toBe(true);
  });
});
