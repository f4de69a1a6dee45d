import type { Database } from "../db/database";
import { inBatches } from "../db/in-batches";
import type { Logger } from "../logger";
import { hourlyPurgeJob, type ScheduledJob } from "../scheduler/scheduler";
import { purgeAcceptedDeliveries } from "./deliveries.repo";
import { purgeToolCallAnswers } from "./tool-call-answers.repo";

const HOUR_MS = 60 * 60 * 1000;
/**
 * How long an accepted delivery is kept as the key that makes a repeat a duplicate: Retell retries a webhook
 * within minutes and Vapi within its call's lifetime; a week leaves room for a platform's replay of its logs.
 */
export const ACCEPTED_DELIVERY_KEPT_MS = 7 * 24 * HOUR_MS;
const BATCH = 1_000;

/**
 * Deletes the accepted deliveries older than ACCEPTED_DELIVERY_KEPT_MS at `now`, and the tool calls' answers
 * (tool-call-answers.repo.ts) as old: a repeat of a tool call is told apart for as long as one of an event. BATCH
 * rows a statement; how many of each.
 */
export async function purgeOldDeliveries(
  db: Database,
  now: Date,
): Promise<{ deliveries: number; toolCallAnswers: number }> {
  const before = new Date(now.getTime() - ACCEPTED_DELIVERY_KEPT_MS);
  const deliveries = await inBatches(BATCH, (limit) => purgeAcceptedDeliveries(db, before, limit));
  const answers = await inBatches(BATCH, (limit) => purgeToolCallAnswers(db, before, limit));
  return { deliveries: deliveries.rows, toolCallAnswers: answers.rows };
}

/** Hourly, once among all instances. */
export function deliveriesPurgeJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return hourlyPurgeJob(deps, {
    name: "assistant-deliveries-purge",
    logAs: "Assistant deliveries purged",
    purge: purgeOldDeliveries,
  });
}
