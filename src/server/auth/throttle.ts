import type { Database } from "../db/database";
import { addressKey } from "../http/address-key";
import { Refusal } from "../refusal";
import { clearThrottle, recordFailure, releaseFailure } from "./auth-throttle.repo";

const WINDOW_SECONDS = 15 * 60;
/** Guessing one account's password. */
export const ACCOUNT_RULE = { limit: 5, windowSeconds: WINDOW_SECONDS };
/** Spraying many accounts from one address (looser: offices share an address). */
export const ADDRESS_RULE = { limit: 30, windowSeconds: WINDOW_SECONDS };

/** Sign-ups are counted per address over an hour: each costs a password hash and a new business. */
export const SIGN_UP_WINDOW_SECONDS = 60 * 60;

/**
 * `account` counts the guesses at one account's password. From a browser the user has signed in on before (a
 * device cookie known for them) it is that browser's own count, so failures elsewhere, anyone's, cannot lock
 * the owner out there, and its failures lock only itself (OWASP's device cookies); from any other browser it
 * is the account's shared count.
 */
export type ThrottleKeys = { account: string; address: string };

export const throttleKeys = (
  normalizedEmail: string,
  address: string,
  knownDevice: { userId: string; deviceHash: string } | null,
): ThrottleKeys => ({
  account: knownDevice ? `device:${knownDevice.userId}:${knownDevice.deviceHash}` : `acct:${normalizedEmail}`,
  address: `ip:${addressKey(address)}`,
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
  const counted = await recordFailure(db, `signup:${addressKey(address)}`, rule, now);
  if (counted.failures <= limit) return;
  const until = new Date(counted.windowStartedAt.getTime() + SIGN_UP_WINDOW_SECONDS * 1000);
  throw new Refusal("THROTTLED", "Too many sign-ups from this address. Try again later.", {
    retryAfterSeconds: retryAfterSeconds(until, now),
  });
}

export type SignInReservation = { keys: ThrottleKeys; addressWindowStartedAt: Date };

const signInThrottled = (windowStartedAt: Date, windowSeconds: number, now: Date) =>
  new Refusal("THROTTLED", "Too many failed sign-in attempts. Try again later.", {
    retryAfterSeconds: retryAfterSeconds(new Date(windowStartedAt.getTime() + windowSeconds * 1000), now),
  });

/**
 * Counts a sign-in as a failure of the address and of the account before the password is checked, each count
 * and its judgement one statement: parallel attempts (on any instance) cannot all pass a check made before any
 * of them had failed. A refused attempt gives its counts back (it was never judged) and costs no hashing; one
 * that fails keeps them.
 */
export async function reserveSignInAttempt(
  db: Database,
  keys: ThrottleKeys,
  now: Date,
): Promise<SignInReservation> {
  const address = await recordFailure(db, keys.address, ADDRESS_RULE, now);
  if (address.failures > ADDRESS_RULE.limit) {
    await releaseFailure(db, keys.address, ADDRESS_RULE, address.windowStartedAt);
    throw signInThrottled(address.windowStartedAt, ADDRESS_RULE.windowSeconds, now);
  }
  const account = await recordFailure(db, keys.account, ACCOUNT_RULE, now);
  if (account.failures > ACCOUNT_RULE.limit) {
    await releaseFailure(db, keys.account, ACCOUNT_RULE, account.windowStartedAt);
    await releaseFailure(db, keys.address, ADDRESS_RULE, address.windowStartedAt);
    throw signInThrottled(account.windowStartedAt, ACCOUNT_RULE.windowSeconds, now);
  }
  return { keys, addressWindowStartedAt: address.windowStartedAt };
}

/**
 * The account's owner got in: forget the failures of its key (the account's, or on a known device only that
 * device's: the owner getting in there says nothing of guesses made elsewhere), and give the address its count back (the address counter
 * counts spraying, which this was not).
 */
export async function recordSignInSuccess(db: Database, reservation: SignInReservation): Promise<void> {
  await clearThrottle(db, reservation.keys.account);
  await releaseFailure(db, reservation.keys.address, ADDRESS_RULE, reservation.addressWindowStartedAt);
}
