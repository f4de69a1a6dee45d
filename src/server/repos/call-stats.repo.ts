import type { CallSummary } from "@shared/calls.schema";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";

export type CallStats = {
  callsToday: number;
  answeredToday: number;
  missedToday: number;
  totalCalls: number;
  missedCalls: number;
  recentCalls: CallSummary[];
};

/**
 * The dashboard's call figures for the day [start, end) and all time, and the latest calls, by positions
 * (see calls_stats in 0003_call_reads): answered = completed + in-progress, missed = missed + failed.
 */
export async function readCallStats(
  db: Executor,
  businessId: string,
  day: { start: Date; end: Date },
  recentLimit: number,
): Promise<CallStats> {
  const [row] = await rawRows<{ stats: CallStats }>(
    db,
    sql`select calls_stats(${businessId}::uuid, ${day.start.toISOString()}::timestamptz,
      ${day.end.toISOString()}::timestamptz, ${recentLimit}::int) as stats`,
  );
  return row!.stats;
}
