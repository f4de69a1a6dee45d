import { describe, expect, it } from "vitest";
import type { TenantChange } from "../../src/server/db/tenant-read-cache";
import { sourceTexts, writesIn } from "../support/single-writer";

// On the embedded database readers keep what they read until a change of its kind is reported
// (tenant-read-cache.ts): the free slots, the busy times, the catalogue and the kept answers of the lists, the
// dashboard and a call's detail. Every module that writes a tenant's data must report each write with the
// kind of what it wrote (tenantChanged(id, kind), a tenant read cache made with that kind, or a module's
// reportingChanges that reports it), or a reader would answer with what the write replaced.

/** What each table's writes must report. A business being created is no change: nothing was read of it yet. */
const TABLES: { kind: TenantChange; writes: RegExp[] }[] = [
  {
    kind: "calls",
    writes: [
      /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(calls|call_counts)"?(\s|$|\()/i,
      /\.(insert|update|delete)\(\s*(calls|callCounts)\s*\)/,
      /\b(calls_report_batch|calls_report|calls_purge|call_counts_apply)\s*\(/,
    ],
  },
  // Their timelines, which no reader keeps, are written with them (booking-writers.test.ts).
  {
    kind: "bookings",
    writes: [
      /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?bookings"?(\s|$|\()/i,
      /\.(insert|update|delete)\(\s*bookings\s*\)/,
    ],
  },
  {
    kind: "business",
    writes: [
      /\b(update|delete\s+from|truncate(\s+table)?)\s+"?businesses"?(\s|$|\()/i,
      /\.(update|delete)\(\s*businesses\s*\)/,
    ],
  },
  {
    kind: "catalogue",
    writes: [
      /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(weekly_hours|blackout_dates|services)"?(\s|$|\()/i,
      /\.(insert|update|delete)\(\s*(weeklyHours|blackoutDates|services)\s*\)/,
    ],
  },
];

const quotedKinds = (text: string) => [...text.matchAll(/"(\w+)"/g)].map((match) => match[1]!);

/** The kinds a piece of code reports: tenantChanged's arguments. */
const kindsReportedIn = (text: string) =>
  [...text.matchAll(/\btenantChanged\(([^)]*)\)/g)].flatMap((match) => quotedKinds(match[1]!));

/** The top-level declarations of `text`: a line at column 0 up to the next one. */
function declarationsOf(text: string): { head: string; body: string }[] {
  const lines = text.split("\n");
  const starts = lines.flatMap((line, i) => (/^(export |async |function |const )/.test(line) ? [i] : []));
  return starts.map((start, k) => ({
    head: lines[start]!,
    body: lines.slice(start, starts[k + 1] ?? lines.length).join("\n"),
  }));
}

/**
 * The declarations of a module that write a table without reporting its kind, as "head: kind". Per
 * declaration, not per file: a new writer beside a reporting one is found too.
 */
function unreportedWrites(text: string): string[] {
  const declarations = declarationsOf(text);
  const helper = declarations.find(({ head }) => /function reportingChanges\b/.test(head));
  const caches = [...text.matchAll(/createTenantReadCache(?:<[^(]*>)?\(([^;]*?)\);/g)].flatMap((match) =>
    quotedKinds(match[1]!),
  );
  return declarations.flatMap(({ head, body }) => {
    const reported = new Set([
      ...kindsReportedIn(body),
      ...(helper && /\breportingChanges\(/.test(body) && helper.body !== body
        ? kindsReportedIn(helper.body)
        : []),
      ...(/\.changed\(/.test(body) ? caches : []),
    ]);
    return TABLES.filter(({ kind, writes }) => writesIn(writes)(body).length > 0 && !reported.has(kind)).map(
      ({ kind }) => `${head} ${kind}`,
    );
  });
}

describe("writers of what readers keep", () => {
  it("recognises each kind of write it guards against", () => {
    const kindsWritten = (line: string) =>
      TABLES.filter(({ writes }) => writesIn(writes)(line).length > 0).map(({ kind }) => kind);
    expect(kindsWritten("await db.update(businesses).set({ timezone })")).toEqual(["business"]);
    expect(kindsWritten("db.delete(weeklyHours).where(x)")).toEqual(["catalogue"]);
    expect(kindsWritten("insert into blackout_dates (id) values (1)")).toEqual(["catalogue"]);
    expect(kindsWritten("update bookings set status = 'cancelled'")).toEqual(["bookings"]);
    expect(kindsWritten("select calls_purge($1, $2, $3)")).toEqual(["calls"]);
    expect(kindsWritten("insert into calls (id) values (1)")).toEqual(["calls"]);
    expect(kindsWritten("select timezone from businesses where id = $1")).toEqual([]);
    expect(kindsWritten("db.select().from(blackoutDates)")).toEqual([]);
    expect(kindsWritten("await db.insert(businesses).values(values)")).toEqual([]);
    expect(kindsWritten("select calls_page($1) from calls")).toEqual([]);
  });

  it("tells a declaration that writes without reporting, or reports another kind, from one that reports", () => {
    const silent = "export async function a(db) {\n  await db.update(businesses).set({});\n}\n";
    const reporting =
      'export async function b(db) {\n  await db.update(businesses).set({});\n  tenantChanged(id, "business");\n}\n';
    const otherKind =
      'export async function c(db) {\n  await db.update(businesses).set({});\n  tenantChanged(id, "calls");\n}\n';
    expect(unreportedWrites(reporting + silent)).toEqual(["export async function a(db) { business"]);
    expect(unreportedWrites(silent + reporting)).toEqual(["export async function a(db) { business"]);
    expect(unreportedWrites(otherKind)).toEqual(["export async function c(db) { business"]);
    const helper =
      'async function reportingChanges(ids, write) {\n  await write();\n  tenantChanged(id, "calls");\n}\n';
    const viaHelper =
      "export async function d(db) {\n  return reportingChanges([id], () => db.execute(sql`select calls_purge(1)`));\n}\n";
    expect(unreportedWrites(helper + viaHelper)).toEqual([]);
    const bookingsViaCallsHelper =
      "export async function e(db) {\n  return reportingChanges([id], () => db.update(bookings).set({}));\n}\n";
    expect(unreportedWrites(helper + bookingsViaCallsHelper)).toEqual([
      "export async function e(db) { bookings",
    ]);
    const cache =
      'const kept = createTenantReadCache<X[]>(read, "catalogue");\nexport async function f(db) {\n  await db.delete(services);\n  kept.changed(id);\n}\n';
    expect(unreportedWrites(cache)).toEqual([]);
  });

  it("each report the kind of what they wrote", () => {
    const writers = sourceTexts().filter(({ text }) =>
      TABLES.some(({ writes }) => writesIn(writes)(text).length > 0),
    );
    // The calls, bookings, business, services, weekly hours and blackout writers at least.
    expect(writers.length).toBeGreaterThan(5);
    const unreported = writers.flatMap(({ path, text }) =>
      unreportedWrites(text).map((line) => `${path}: ${line}`),
    );
    expect(unreported).toEqual([]);
  });
});
