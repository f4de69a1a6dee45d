import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Call rows and their counters are written in one module only (src/server/repos/calls-write.repo.ts) and the
// SQL functions it calls; anything else that wrote to calls would bypass its locking and rules.

const ROOT = join(import.meta.dirname, "../..");
const WRITER = "src/server/repos/calls-write.repo.ts";
const SOURCES = ["src", "scripts", "bench"];

const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(calls|call_counts)"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*(calls|callCounts)\s*\)/,
  /\b(calls_report_batch|calls_report|calls_purge|call_counts_apply)\s*\(/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.includes("migrations") ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The places in `text` that write call rows: line numbers with the line. */
function callWrites(text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) => (WRITES.some((pattern) => pattern.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

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
    const offenders = SOURCES.flatMap(sourceFiles)
      .filter((path) => relative(ROOT, join(ROOT, path)) !== WRITER)
      .flatMap((path) => callWrites(readFileSync(join(ROOT, path), "utf8")).map((line) => `${path}:${line}`));
    expect(offenders).toEqual([]);
    expect(callWrites(readFileSync(join(ROOT, WRITER), "utf8")).length).toBeGreaterThan(0);
  });
});
