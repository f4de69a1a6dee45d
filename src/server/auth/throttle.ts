import type { Database } from "../db/database";
import { Refusal } from "../refusal";
import { clearThrottle, findBlockedUntil, recordFailure } from "./auth-throttle.repo";

const WINDOW_SECONDS = 15 * 60;
/** Guessing one account's password. */
export const ACCOUNT_RULE = { limit: 5, windowSeconds: WINDOW_SECONDS };
/** Spraying many accounts from one address (looser: offices share an address). */
export const ADDRESS_RULE = { limit: 30, windowSeconds: WINDOW_SECONDS };

export type ThrottleKeys = { account: string; address: string };

export const throttleKeys = (normalizedEmail: string, address: string): ThrottleKeys => ({
  account: `acct:${normalizedEmail}`,
  address: `ip:${address}`,
});

/** Checked before the password is, so a blocked attempt costs no hashing. */
export async function assertNotThrottled(db: Database, keys: ThrottleKeys, now: Date): Promise<void> {
  const until = await findBlockedUntil(db, [keys.account, keys.address], now);
  if (!until) return;
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  throw new Refusal("THROTTLED", "Too many failed sign-in attempts. Try again later.", {
    retryAfterSeconds: retryAfter,
  });
}

export async function recordSignInFailure(db: Database, keys: ThrottleKeys, now: Date): Promise<void> {
  await recordFailure(db, keys.account, ACCOUNT_RULE, now);
  await recordFailure(db, keys.address, ADDRESS_RULE, now);
}

/** The account's owner got in: forget its failures (the address counter keeps counting spraying). */
export const recordSignInSuccess = (db: Database, keys: ThrottleKeys) => clearThrottle(db, keys.account);
