import { describe, expect, it } from "vitest";
import { writesIn, writesOutside } from "../support/single-writer";

// Call rows and their counters are written in one module only (src/server/calls/calls-write.repo.ts) and the
// SQL functions it calls; anything else that wrote to calls would bypass its locking and rules. The voice
// platforms' deliveries reach the same SQL function, calls_report_batch, from inside the statement that records
// them (assistant_deliveries_record, called by integrations/deliveries.repo.ts alone).

const WRITERS = ["src/server/calls/calls-write.repo.ts", "src/server/integrations/deliveries.repo.ts"];

const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(calls|call_counts)"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*(calls|callCounts)\s*\)/,
  /\b(calls_report_batch|calls_report|calls_purge|call_counts_apply|assistant_deliveries_record)\s*\(/,
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

  it("are only the one module (and the deliveries' recorder, through the same SQL function)", () => {
    const { offenders, inWriter } = writesOutside(WRITERS, WRITES);
    expect(offenders).toEqual([]);
    expect(inWriter).toBeGreaterThan(0);
  });
});
