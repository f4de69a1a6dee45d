import type { Database } from "../db/database";
import { inBatches } from "../db/in-batches";
import type { Logger } from "../logger";
import type { ScheduledJob } from "../scheduler/scheduler";
import { purgeExpiredAuthRows } from "./auth-maintenance.repo";
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from "./device-cookie";
import { forgetDevicesUnseenSince } from "./known-devices.repo";
import { ACCOUNT_RULE, ADDRESS_RULE, SIGN_UP_WINDOW_SECONDS } from "./throttle";

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long a browser no one signed in on stays known: as long as its device cookie lives (it expires that
 * long after the last sign-in), after which no request can name it again, so the row only tells of a user's
 * old browsers.
 */
export const KNOWN_DEVICE_KEPT_MS = DEVICE_COOKIE_MAX_AGE_SECONDS * 1000;

/** Devices forgotten per statement: a short one whatever has piled up (e.g. on the first run). */
export const KNOWN_DEVICE_BATCH = 1_000;

/** Deletes the devices not signed in on for KNOWN_DEVICE_KEPT_MS, `batch` at a time; how many. */
export async function forgetUnseenDevices(db: Database, now: Date, batch = KNOWN_DEVICE_BATCH) {
  const seenBefore = new Date(now.getTime() - KNOWN_DEVICE_KEPT_MS);
  return (await inBatches(batch, (limit) => forgetDevicesUnseenSince(db, seenBefore, limit))).rows;
}

/**
 * Purges dead sessions, throttle rows and devices forgotten when the server starts on a database that never
 * did, then hourly: once per hour among all instances (a purge on each would find nothing the first had left).
 */
export function authMaintenanceJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  // The longest window of any counter, so none is forgotten while it still counts.
  const windowSeconds = Math.max(
    ACCOUNT_RULE.windowSeconds,
    ADDRESS_RULE.windowSeconds,
    SIGN_UP_WINDOW_SECONDS,
  );
  return {
    name: "auth-maintenance",
    scope: "shared",
    everyMs: HOUR_MS,
    runAtStart: true,
    run: async (now) =>
      deps.logger.debug("Auth maintenance", {
        ...(await purgeExpiredAuthRows(deps.db, now, windowSeconds)),
        devices: await forgetUnseenDevices(deps.db, now),
      }),
  };
}
