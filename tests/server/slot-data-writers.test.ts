import { describe, expect, it } from "vitest";
import { sourceTexts, writesIn } from "../support/single-writer";

// On the embedded database the free slots are kept until the business's data changes (day-slots-cache.ts):
// every module that writes what they are made of must report the change (tenantChanged, or a tenant read
// cache's `changed`, which reports it too), or the assistant would be offered slots of yesterday's rules.
// Bookings and services have one writer each (booking-writers, service-writers); the rest are guarded here.

// A business being created is no change: nothing can have been read of it yet.
const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(weekly_hours|blackout_dates|services|bookings)"?(\s|$|\()/i,
  /\b(update|delete\s+from|truncate(\s+table)?)\s+"?businesses"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*(weeklyHours|blackoutDates|services|bookings)\s*\)/,
  /\.(update|delete)\(\s*businesses\s*\)/,
];
const REPORTS = /\btenantChanged\(|\.changed\(|\breportingChanges\(/;

const slotDataWrites = writesIn(WRITES);

/**
 * The top-level declarations of `text` (a line at column 0 up to the next one) that write without reporting.
 * Per declaration, not per file: a new writer beside a reporting one is found too.
 */
function silentWriters(text: string): string[] {
  const lines = text.split("\n");
  const starts = lines.flatMap((line, i) => (/^(export |async |function |const )/.test(line) ? [i] : []));
  return starts.flatMap((start, k) => {
    const declaration = lines.slice(start, starts[k + 1] ?? lines.length).join("\n");
    return slotDataWrites(declaration).length > 0 && !REPORTS.test(declaration) ? [lines[start]!] : [];
  });
}

describe("writers of what free slots are made of", () => {
  it("recognises each kind of write it guards against", () => {
    expect(slotDataWrites("await db.update(businesses).set({ timezone })")).toHaveLength(1);
    expect(slotDataWrites("db.delete(weeklyHours).where(x)")).toHaveLength(1);
    expect(slotDataWrites("insert into blackout_dates (id) values (1)")).toHaveLength(1);
    expect(slotDataWrites("update bookings set status = 'cancelled'")).toHaveLength(1);
    expect(slotDataWrites("select timezone from businesses where id = $1")).toHaveLength(0);
    expect(slotDataWrites("db.select().from(blackoutDates)")).toHaveLength(0);
    expect(slotDataWrites("await db.insert(businesses).values(values)")).toHaveLength(0);
  });

  it("tells a declaration that writes without reporting from one that reports", () => {
    const silent = "export async function a(db) {\n  await db.update(businesses).set({});\n}\n";
    const reporting =
      "export async function b(db) {\n  await db.update(businesses).set({});\n  tenantChanged(id);\n}\n";
    expect(silentWriters(reporting + silent)).toEqual(["export async function a(db) {"]);
    expect(silentWriters(silent + reporting)).toEqual(["export async function a(db) {"]);
  });

  it("each report the change", () => {
    const writers = sourceTexts().filter(({ text }) => slotDataWrites(text).length > 0);
    expect(writers.length).toBeGreaterThan(3);
    const silent = writers.flatMap(({ path, text }) => silentWriters(text).map((line) => `${path}: ${line}`));
    expect(silent).toEqual([]);
  });
});
