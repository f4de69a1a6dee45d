import { BotApiError } from "./bot-api";

/** The first retry waits about this long; each failure in a row doubles it… */
export const BACKOFF_BASE_MS = 1_000;
/**
 * …up to this: low enough that once Telegram is back after an outage (of any length), every chat is tried
 * again within a minute; high enough that a long outage costs a chat one try a minute.
 */
export const BACKOFF_CAP_MS = 60_000;

/** What to do about a message Telegram did not take. */
export type FailureVerdict =
  /** Try the same message again at `waitMs` from now. */
  | { kind: "retry"; waitMs: number }
  /** Telegram refuses the chat itself (bot blocked, chat gone): nothing more until the owner reconnects. */
  | { kind: "broken" }
  /** Telegram refuses this one message for good (a 400 of its own): sending it again cannot work. */
  | { kind: "skip" };

/**
 * The wait after the `attempts`-th failure in a row (1-based): exponential, capped, with "equal jitter"
 * (half fixed, half random) so that chats failing together do not all come back in the same instant.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempts - 1, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function failureVerdict(error: unknown, attempts: number, random?: () => number): FailureVerdict {
  if (error instanceof BotApiError && error.kind === "refused") {
    if (error.permanentForChat) return { kind: "broken" };
    // Telegram says when: never sooner (a retry before it only earns another 429).
    if (error.status === 429) {
      return { kind: "retry", waitMs: Math.max(1, error.retryAfterSeconds ?? 1) * 1000 };
    }
    if (error.status === 400) return { kind: "skip" };
  }
  // Unreachable, a 5xx, a refusal about the bot itself (401 after a token change): it may well pass.
  return { kind: "retry", waitMs: backoffMs(attempts, random) };
}
