import type { LoadResult } from "./load";

/** One printed figure; `budget` is the issue's target, shown beside it, never asserted. */
export type Figure = { name: string; value: number; unit: string; budget?: string; note?: string };

export const loadFigures = (
  name: string,
  result: LoadResult,
  budget?: { p99?: string; rps?: string },
): Figure[] => [
  { name: `${name} req/s`, value: result.rps, unit: "req/s", ...(budget?.rps ? { budget: budget.rps } : {}) },
  { name: `${name} p50`, value: result.p50, unit: "ms" },
  {
    name: `${name} p99`,
    value: result.p99,
    unit: "ms",
    ...(budget?.p99 ? { budget: budget.p99 } : {}),
    ...(result.errors ? { note: `${result.errors} failed requests` } : {}),
  },
];

export function printFigures(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const f of figures) {
    const value = Number.isNaN(f.value) ? "n/a" : `${f.value}${f.unit ? ` ${f.unit}` : ""}`;
    const budget = f.budget ? `  (budget ${f.budget})` : "";
    const note = f.note ? `  — ${f.note}` : "";
    console.log(`  ${f.name.padEnd(width)}  ${value}${budget}${note}`);
  }
}
