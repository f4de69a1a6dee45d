import type { Database } from "../db/database";
import type { Logger } from "../logger";
import type { ScheduledJob } from "../scheduler/scheduler";
import { purgeExpiredCalendarAuthorizations } from "./calendar-authorization.repo";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hourly, once among all instances: deletes the calendar authorizations that expired (popups closed before
 * Google sent them back), including those of businesses that never started another.
 */
export function calendarAuthorizationPurgeJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return {
    name: "calendar-authorization-purge",
    scope: "shared",
    everyMs: HOUR_MS,
    run: async (now) => {
      const deleted = await purgeExpiredCalendarAuthorizations(deps.db, now);
      deps.logger.debug("Calendar authorization purge", { deleted });
    },
  };
}
