import { backoffMs } from "../outbox/outbox-backoff";
import { BotApiError } from "./bot-api";

/** What to do about a message Telegram did not take. */
export type FailureVerdict =
  /** Try the same message again at `waitMs` from now. */
  | { kind: "retry"; waitMs: number }
  /** Telegram refuses the chat itself (bot blocked, chat gone): nothing more until the owner reconnects. */
  | { kind: "broken" }
  /** Telegram refuses this one message for good (a 400 of its own): sending it again cannot work. */
  | { kind: "skip" };

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
