import { randomUUID } from "node:crypto";
import { BotApiError } from "./bot-api";
import { advancePollOffset, claimPollLease, releasePollLease } from "./telegram-poller.repo";
import { handleUpdate, type UpdateDeps } from "./update-handler";

/** How long a poller keeps the others off without renewing (a crashed one's lease runs out after it). */
const LEASE_MS = 90_000;
/** How long Telegram may hold one getUpdates open (its limit is 50). */
const POLL_SECONDS = 25;
/** How often an instance without the lease checks whether it may take over. */
const STANDBY_MS = 2_000;
/** Waits after a failed poll: doubling from the first to the last. */
const RETRY_MS = { first: 1_000, max: 60_000 };

export type UpdatePoller = { stop(): Promise<void> };

/**
 * Long-polls Telegram for the bot's updates when the server has no public address (no webhook). It runs on
 * its own, beside the scheduler, so a poll held open by Telegram delays no job. With several instances on one
 * database only the lease holder polls (see telegram_poller), and it moves the stored offset past each update
 * as soon as it is handled: a restart, or another instance taking over, goes on from the next one.
 */
export function startUpdatePoller(deps: UpdateDeps & { botId: number }): UpdatePoller {
  const { db, clock, logger, api, botId } = deps;
  const holder = randomUUID();
  const stopping = new AbortController();
  let failures = 0;
  let webhookCleared = false;

  /** Resolves after `ms`, or at once when the poller stops. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener("abort", done);
        resolve();
      }
      stopping.signal.addEventListener("abort", done);
    });

  const pollOnce = async () => {
    const offset = await claimPollLease(db, { botId, holder, now: clock(), leaseMs: LEASE_MS });
    if (offset === null) return pause(STANDBY_MS);
    // A webhook left from an earlier run with PUBLIC_URL set would make Telegram refuse getUpdates.
    if (!webhookCleared) {
      await api.deleteWebhook();
      webhookCleared = true;
    }
    const updates = await api.getUpdates({ offset, timeoutSeconds: POLL_SECONDS, signal: stopping.signal });
    failures = 0;
    for (const update of updates) {
      try {
        await handleUpdate(deps, update);
      } catch (error) {
        // Telegram refusing the bot's answer must not hold back the updates after it: asking again would not
        // help. Our own failure (the database, say) is retried with the poll's backoff, from this update on,
        // as the webhook's 500 has Telegram post it again.
        if (!(error instanceof BotApiError)) throw error;
        logger.warn(`Telegram update ${update.update_id} could not be handled`, error);
      }
      const next = { botId, holder, nextOffset: update.update_id + 1, now: clock(), leaseMs: LEASE_MS };
      if (!(await advancePollOffset(db, next))) return;
    }
  };

  const loop = async () => {
    while (!stopping.signal.aborted) {
      try {
        await pollOnce();
      } catch (error) {
        if (stopping.signal.aborted) break;
        failures += 1;
        if (error instanceof BotApiError && error.status === 409) webhookCleared = false;
        const wait = Math.min(RETRY_MS.first * 2 ** (failures - 1), RETRY_MS.max);
        logger.warn(`Polling Telegram failed; trying again in ${Math.round(wait / 1000)} s`, error);
        await pause(wait);
      }
    }
    await releasePollLease(db, botId, holder).catch((error: unknown) =>
      logger.warn("Could not release the Telegram polling lease", error),
    );
  };
  const running = loop();

  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
