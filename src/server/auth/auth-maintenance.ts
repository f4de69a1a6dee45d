import type { Database } from "../db/database";
import type { Logger } from "../logger";
import type { ScheduledJob } from "../scheduler/scheduler";
import { purgeExpiredAuthRows } from "./auth-maintenance.repo";
import { ACCOUNT_RULE, ADDRESS_RULE } from "./throttle";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Purges dead sessions and throttle rows when the server starts on a database that never did, then
 * hourly: once per hour among all instances (a purge on each would find nothing the first had left).
 */
export function authMaintenanceJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  const windowSeconds = Math.max(ACCOUNT_RULE.windowSeconds, ADDRESS_RULE.windowSeconds);
  return {
    name: "auth-maintenance",
    scope: "shared",
    everyMs: HOUR_MS,
    runAtStart: true,
    run: async (now) =>
      deps.logger.debug("Auth maintenance", await purgeExpiredAuthRows(deps.db, now, windowSeconds)),
  };
}
