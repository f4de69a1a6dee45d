import { backoffMs } from "../outbox/outbox-backoff";
import type { FailureVerdict } from "../outbox/outbox-sender";
import { BotApiError } from "./bot-api";

/**
 * Telegram refuses the chat (bot blocked or removed, chat gone, no right to post: see permanentForChat):
 * broken; its 429 waits as asked; any other 400 refuses the message for good; anything else may well pass
 * later. (A group upgraded to a supergroup never gets here: delivery follows it, see delivery-worker.ts.)
 */
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
