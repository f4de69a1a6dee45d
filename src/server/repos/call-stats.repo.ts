import type { CallStatus, CallSummary } from "@shared/calls.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { calls } from "../db/schema/calls.schema";
import { callSummaryJson, countCalls, countStartedBefore, countWithStatusUpTo } from "./calls.repo";

export type CallStats = {
  callsToday: number;
  answeredToday: number;
  missedToday: number;
  totalCalls: number;
  missedCalls: number;
  recentCalls: CallSummary[];
};

/** "Answered" and "missed" as the dashboard counts them: a live call is being answered. */
const ANSWERED: CallStatus[] = ["completed", "in-progress"];
const MISSED: CallStatus[] = ["missed", "failed"];

/**
 * The dashboard's call figures for the day [start, end), all time, and the latest calls — in one statement
 * of index probes: every count is a difference of positions, never a count(*).
 */
export async function readCallStats(
  db: Executor,
  businessId: string,
  day: { start: Date; end: Date },
  recentLimit: number,
): Promise<CallStats> {
  const today = (statuses: CallStatus[]) =>
    sql.join(
      statuses.map(
        (status) =>
          sql`(${countWithStatusUpTo(businessId, status, sql`day.before_end`)} - ${countWithStatusUpTo(businessId, status, sql`day.before_start`)})`,
      ),
      sql` + `,
    );
  const allTime = (statuses: CallStatus[]): SQL =>
    sql.join(
      statuses.map((status) => countCalls(businessId, status)),
      sql` + `,
    );
  const [row] = await rawRows<CallStats>(
    db,
    sql`with day as (
      select ${countStartedBefore(businessId, day.start)} as before_start,
        ${countStartedBefore(businessId, day.end)} as before_end
    )
    select (day.before_end - day.before_start)::int as "callsToday",
      (${today(ANSWERED)})::int as "answeredToday",
      (${today(MISSED)})::int as "missedToday",
      ${countCalls(businessId, null)}::int as "totalCalls",
      (${allTime(MISSED)})::int as "missedCalls",
      (select coalesce(json_agg(recent.call order by recent.seq desc), '[]'::json)
        from (select ${calls.seq} as seq, ${callSummaryJson} as call from ${calls}
          where ${calls.businessId} = ${businessId} order by ${calls.seq} desc limit ${recentLimit}) recent
      ) as "recentCalls"
    from day`,
  );
  return row!;
}
