import type { Database } from "../db/database";
import type { Logger } from "../logger";
import type { ScheduledJob } from "../scheduler/scheduler";
import { purgeExpiredLinkCodes } from "./telegram-link.repo";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hourly, once among all instances: deletes the connect dialog's codes expired over an hour ago (a dialog
 * left open past its code has long stopped asking), including those of businesses that never made another.
 */
export function linkCodePurgeJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return {
    name: "telegram-link-code-purge",
    scope: "shared",
    everyMs: HOUR_MS,
    run: async (now) => {
      const deleted = await purgeExpiredLinkCodes(deps.db, new Date(now.getTime() - HOUR_MS));
      deps.logger.debug("Telegram link code purge", { deleted });
    },
  };
}
