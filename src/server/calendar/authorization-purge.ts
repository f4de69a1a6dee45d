import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { hourlyPurgeJob, type ScheduledJob } from "../scheduler/scheduler";
import { purgeExpiredCalendarAuthorizations } from "./calendar-authorization.repo";

/**
 * Hourly, once among all instances: deletes the calendar authorizations that expired (popups closed before
 * Google sent them back), including those of businesses that never started another.
 */
export function calendarAuthorizationPurgeJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return hourlyPurgeJob(deps, {
    name: "calendar-authorization-purge",
    logAs: "Calendar authorization purge",
    purge: async (db, now) => ({ deleted: await purgeExpiredCalendarAuthorizations(db, now) }),
  });
}
