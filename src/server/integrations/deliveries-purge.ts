import type { Database } from "../db/database";
import { inBatches } from "../db/in-batches";
import type { Logger } from "../logger";
import type { ScheduledJob } from "../scheduler/scheduler";
import { purgeAcceptedDeliveries } from "./deliveries.repo";

const HOUR_MS = 60 * 60 * 1000;
/**
 * How long an accepted delivery is kept as the key that makes a repeat a duplicate: Retell retries a webhook
 * within minutes and Vapi within its call's lifetime; a week leaves room for a platform's replay of its logs.
 */
export const ACCEPTED_DELIVERY_KEPT_MS = 7 * 24 * HOUR_MS;
const BATCH = 1_000;

/** Deletes the accepted deliveries older than ACCEPTED_DELIVERY_KEPT_MS at `now`, BATCH a statement; how many. */
export async function purgeOldDeliveries(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ACCEPTED_DELIVERY_KEPT_MS);
  return (await inBatches(BATCH, (limit) => purgeAcceptedDeliveries(db, before, limit))).rows;
}

/** Hourly, once among all instances. */
export function deliveriesPurgeJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return {
    name: "assistant-deliveries-purge",
    scope: "shared",
    everyMs: HOUR_MS,
    run: async (now) =>
      deps.logger.debug("Assistant deliveries purged", { deleted: await purgeOldDeliveries(deps.db, now) }),
  };
}
