import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Guards for tables with exactly one writing module: a write anywhere else would bypass what that module
// keeps true (rules, counters, timelines, caches).

const ROOT = join(import.meta.dirname, "../..");
const SOURCES = ["src", "scripts", "bench"];

function sourceFiles(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.includes("migrations") ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The lines of `text` matching any of `writes`, as "line: text". */
export const writesIn = (writes: readonly RegExp[]) => (text: string) =>
  text
    .split("\n")
    .flatMap((line, i) => (writes.some((pattern) => pattern.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));

/**
 * Writes found outside `writer` (a path from the repository root; or several, each with its own share of
 * the writes), and how many the writer itself holds (the fewest any of them holds).
 */
export function writesOutside(writer: string | readonly string[], writes: readonly RegExp[]) {
  const writers = typeof writer === "string" ? [writer] : writer;
  const find = writesIn(writes);
  const offenders = SOURCES.flatMap(sourceFiles)
    .filter((path) => !writers.includes(path))
    .flatMap((path) => find(readFileSync(join(ROOT, path), "utf8")).map((line) => `${path}:${line}`));
  const held = writers.map((path) => find(readFileSync(join(ROOT, path), "utf8")).length);
  return { offenders, inWriter: Math.min(...held) };
}
