import type { CallSummary } from "@shared/calls.schema";
import { type SQL, sql } from "drizzle-orm";

export type CallStats = {
  callsToday: number;
  answeredToday: number;
  missedToday: number;
  totalCalls: number;
  missedCalls: number;
  recentCalls: CallSummary[];
};

/**
 * The dashboard's call figures for the day [start, end) and all time, and the latest calls, from the
 * counters (see calls_stats in db/functions/calls-read.sql): answered = completed + in-progress, missed = missed + failed. An
 * expression (JSON of CallStats) for the dashboard's one statement (dashboard-stats.repo.ts).
 */
export const callStatsOf = (businessId: string, day: { start: Date; end: Date }, recentLimit: number): SQL =>
  sql`calls_stats(${businessId}::uuid, ${day.start.toISOString()}::timestamptz,
    ${day.end.toISOString()}::timestamptz, ${recentLimit}::int)`;
