import type { Database } from "../db/database";
import { Refusal } from "../refusal";
import { clearThrottle, findBlockedUntil, recordFailure } from "./auth-throttle.repo";

const WINDOW_SECONDS = 15 * 60;
/** Guessing one account's password. */
export const ACCOUNT_RULE = { limit: 5, windowSeconds: WINDOW_SECONDS };
/** Spraying many accounts from one address (looser: offices share an address). */
export const ADDRESS_RULE = { limit: 30, windowSeconds: WINDOW_SECONDS };

/** Sign-ups are counted per address over an hour: each costs a password hash and a new business. */
export const SIGN_UP_WINDOW_SECONDS = 60 * 60;

export type ThrottleKeys = { account: string; address: string };

export const throttleKeys = (normalizedEmail: string, address: string): ThrottleKeys => ({
  account: `acct:${normalizedEmail}`,
  address: `ip:${address}`,
});

const retryAfterSeconds = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Counts a sign-up from `address` (refused ones and ones for a taken e-mail too), before anything is hashed or
 * written; past `limit` in the hour it is refused until that hour's window ends. Counting and judging are one
 * statement, so simultaneous sign-ups on several instances cannot all slip under the limit.
 */
export async function countSignUp(db: Database, address: string, limit: number, now: Date): Promise<void> {
  const rule = { limit, windowSeconds: SIGN_UP_WINDOW_SECONDS };
  const counted = await recordFailure(db, `signup:${address}`, rule, now);
  if (counted.failures <= limit) return;
  const until = new Date(counted.windowStartedAt.getTime() + SIGN_UP_WINDOW_SECONDS * 1000);
  throw new Refusal("THROTTLED", "Too many sign-ups from this address. Try again later.", {
    retryAfterSeconds: retryAfterSeconds(until, now),
  });
}

/** Checked before the password is, so a blocked attempt costs no hashing. */
export async function assertNotThrottled(db: Database, keys: ThrottleKeys, now: Date): Promise<void> {
  const until = await findBlockedUntil(db, [keys.account, keys.address], now);
  if (!until) return;
  throw new Refusal("THROTTLED", "Too many failed sign-in attempts. Try again later.", {
    retryAfterSeconds: retryAfterSeconds(until, now),
  });
}

export async function recordSignInFailure(db: Database, keys: ThrottleKeys, now: Date): Promise<void> {
  await recordFailure(db, keys.account, ACCOUNT_RULE, now);
  await recordFailure(db, keys.address, ADDRESS_RULE, now);
}

/** The account's owner got in: forget its failures (the address counter keeps counting spraying). */
export const recordSignInSuccess = (db: Database, keys: ThrottleKeys) => clearThrottle(db, keys.account);
