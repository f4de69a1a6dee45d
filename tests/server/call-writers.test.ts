import { describe, expect, it } from "vitest";
import { sourceTexts, writesIn, writesOutside } from "../support/single-writer";

// Call rows and their counters are written in one module only (src/server/repos/calls-write.repo.ts) and the
// SQL functions it calls; anything else that wrote to calls would bypass its locking and rules.

const WRITER = "src/server/repos/calls-write.repo.ts";

const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(calls|call_counts)"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*(calls|callCounts)\s*\)/,
  /\b(calls_report_batch|calls_report|calls_purge|call_counts_apply)\s*\(/,
];

/** The places in `text` that write call rows: line numbers with the line. */
const callWrites = writesIn(WRITES);

describe("writers of calls", () => {
  it("recognises each kind of write it guards against", () => {
    expect(callWrites("insert into calls (id) values (1)")).toHaveLength(1);
    expect(callWrites('  update "calls" set status = 1')).toHaveLength(1);
    expect(callWrites("delete from call_counts where n = 0")).toHaveLength(1);
    expect(callWrites("await db.update(calls).set({})")).toHaveLength(1);
    expect(callWrites("select calls_purge($1, $2, $3)")).toHaveLength(1);
    expect(callWrites("select calls_page($1) from calls")).toHaveLength(0);
  });

  it("are only the one module", () => {
    const { offenders, inWriter } = writesOutside(WRITER, WRITES);
    expect(offenders).toEqual([]);
    expect(inWriter).toBeGreaterThan(0);
  });
});

// The calls writer reports no tenant change of its own: each API write does (http/tenant-writes.ts), which
// drops the tenant's kept list answers. So it may be reached only through API routes, or by the start-up seed
// (before anything is read). A new caller elsewhere (a job, a script in the server) must report its changes.
describe("callers of the calls writer", () => {
  const importersOf = (module: RegExp) =>
    sourceTexts()
      .filter(({ text }) => module.test(text))
      .map(({ path }) => path)
      .sort();

  it("are the API's ingest and the start-up seed, and the ingest is used by routes alone", () => {
    // The bench purges with its server stopped; demo-calls takes a type only.
    expect(importersOf(/calls-write\.repo"/)).toEqual([
      "bench/calls.bench.ts",
      "src/server/calls/call-ingest.ts",
      "src/server/db/seed-demo.ts",
      "src/server/demo/demo-calls.ts",
    ]);
    expect(importersOf(/\/call-ingest"/)).toEqual([
      "src/server/routes/assistant.routes.ts",
      "src/server/routes/call-import.route.ts",
    ]);
  });
});
