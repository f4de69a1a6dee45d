import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writesIn } from "../support/single-writer";

// On the embedded database the free slots are kept until the business's data changes (day-slots-cache.ts):
// every module that writes what they are made of must report the change (tenantChanged, or a tenant read
// cache's `changed`, which reports it too), or the assistant would be offered slots of yesterday's rules.
// Bookings and services have one writer each (booking-writers, service-writers); the rest are guarded here.

const ROOT = join(import.meta.dirname, "../..");
const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(businesses|weekly_hours|blackout_dates|services|bookings)"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*(businesses|weeklyHours|blackoutDates|services|bookings)\s*\)/,
];
const REPORTS = /\btenantChanged\(|\.changed\(|\breportingChanges\(/;

const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.includes("migrations") ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

const slotDataWrites = writesIn(WRITES);

describe("writers of what free slots are made of", () => {
  it("recognises each kind of write it guards against", () => {
    expect(slotDataWrites("await db.update(businesses).set({ timezone })")).toHaveLength(1);
    expect(slotDataWrites("db.delete(weeklyHours).where(x)")).toHaveLength(1);
    expect(slotDataWrites("insert into blackout_dates (id) values (1)")).toHaveLength(1);
    expect(slotDataWrites("update bookings set status = 'cancelled'")).toHaveLength(1);
    expect(slotDataWrites("select timezone from businesses where id = $1")).toHaveLength(0);
    expect(slotDataWrites("db.select().from(blackoutDates)")).toHaveLength(0);
  });

  it("each report the change", () => {
    const writers = sources("src").filter(
      (path) => slotDataWrites(readFileSync(join(ROOT, path), "utf8")).length,
    );
    expect(writers.length).toBeGreaterThan(0);
    const silent = writers.filter((path) => !REPORTS.test(readFileSync(join(ROOT, path), "utf8")));
    expect(silent).toEqual([]);
  });
});
