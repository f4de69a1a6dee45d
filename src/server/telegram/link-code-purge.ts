import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { hourlyPurgeJob, type ScheduledJob } from "../scheduler/scheduler";
import { purgeExpiredLinkCodes } from "./telegram-link.repo";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hourly, once among all instances: deletes the connect dialog's codes expired over an hour ago (a dialog
 * left open past its code has long stopped asking), including those of businesses that never made another.
 */
export function linkCodePurgeJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return hourlyPurgeJob(deps, {
    name: "telegram-link-code-purge",
    logAs: "Telegram link code purge",
    purge: async (db, now) => ({
      deleted: await purgeExpiredLinkCodes(db, new Date(now.getTime() - HOUR_MS)),
    }),
  });
}
