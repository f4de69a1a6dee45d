import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { purgeExpiredAuthRows } from "../repos/auth-maintenance.repo";
import { ACCOUNT_RULE, ADDRESS_RULE } from "./throttle";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Purges dead sessions and throttle rows now and then every hour. The returned stop function waits for
 * a purge in flight, so the database can be closed right after it.
 */
export function scheduleAuthMaintenance(deps: { db: Database; clock: Clock; logger: Logger }) {
  const windowSeconds = Math.max(ACCOUNT_RULE.windowSeconds, ADDRESS_RULE.windowSeconds);
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = purgeExpiredAuthRows(deps.db, deps.clock(), windowSeconds).then(
      (purged) => deps.logger.debug("Auth maintenance", purged),
      (error) => deps.logger.warn("Auth maintenance failed", error),
    );
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
