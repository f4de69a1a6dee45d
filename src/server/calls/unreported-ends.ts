import type { Database } from "../db/database";
import { inBatches } from "../db/in-batches";
import type { Logger } from "../logger";
import type { ScheduledJob } from "../scheduler/scheduler";
import { endUnreportedCalls } from "./calls-write.repo";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How long a call may stay in progress with no report before the server ends it: the report of its end was lost
 * (a delivery the platform gave up on, an assistant that crashed), and meanwhile the call counted as answered
 * today and kept the portal refreshing every 5 s. It must be longer than any real call, since a call reported
 * once, as it starts, is silent for as long as it lasts: Vapi ends a call at its maxDurationSeconds, at most
 * 12 hours (43,200 s), and Retell's cap (max_call_duration_ms) is lower. An hour beyond that leaves the end
 * report, sent as the call ends, time to arrive; one that comes later still wins (calls_report).
 */
export const UNREPORTED_END_MS = 13 * HOUR_MS;

/** Calls a statement ends: a handful at most in any real run, many only after an outage. */
const BATCH = 500;

/** Every 15 minutes, once among all instances: a lost end shows within a quarter of an hour of the limit. */
export function unreportedEndsJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return {
    name: "calls-end-unreported",
    scope: "shared",
    everyMs: 15 * MINUTE_MS,
    run: async (now) => {
      const before = new Date(now.getTime() - UNREPORTED_END_MS);
      const { rows } = await inBatches(BATCH, (limit) => endUnreportedCalls(deps.db, before, now, limit));
      if (rows > 0) deps.logger.info("Calls ended with no report of their end", { calls: rows });
    },
  };
}
