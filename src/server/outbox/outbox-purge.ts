import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { hourlyPurgeJob, type ScheduledJob } from "../scheduler/scheduler";
import { purgeDeliveredOutbox } from "../telegram/telegram-delivery.repo";

const HOUR_MS = 60 * 60 * 1000;
/** Delivered rows are kept this long (what happened lately, should anyone look). */
export const OUTBOX_KEEP_DAYS = 7;
/** Rows deleted per statement: short statements, so requests on the one PGlite connection wait little. */
const PURGE_BATCH = 1_000;

/**
 * Hourly, once among all instances: deletes the outbox rows older than OUTBOX_KEEP_DAYS that every channel
 * has passed, and the Telegram buttons whose messages they were (see purgeDeliveredOutbox), in batches until
 * none is left.
 */
export function outboxPurgeJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return hourlyPurgeJob(deps, {
    name: "outbox-purge",
    logAs: "Outbox purge",
    purge: async (db, now) => {
      const before = new Date(now.getTime() - OUTBOX_KEEP_DAYS * 24 * HOUR_MS);
      const deleted = { rows: 0, buttons: 0 };
      for (let batch = PURGE_BATCH; batch === PURGE_BATCH; ) {
        const purged = await purgeDeliveredOutbox(db, before, PURGE_BATCH);
        batch = purged.rows;
        deleted.rows += purged.rows;
        deleted.buttons += purged.buttons;
      }
      return deleted;
    },
  });
}
