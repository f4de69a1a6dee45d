import { describe, expect, it } from "vitest";
import { BACKOFF_CAP_MS, backoffMs } from "../../src/server/outbox/outbox-backoff";
import { BotApiError } from "../../src/server/telegram/bot-api";
import { failureVerdict } from "../../src/server/telegram/delivery-backoff";

const refused = (status: number, description: string, retryAfter: number | null = null) =>
  new BotApiError("sendMessage", "refused", status, description, retryAfter);

describe("Telegram delivery backoff", () => {
  it("doubles from a second, between half and all of each step, and never waits more than the cap", () => {
    for (const [attempts, ceiling] of [
      [1, 1_000],
      [2, 2_000],
      [5, 16_000],
      [7, BACKOFF_CAP_MS],
      [500, BACKOFF_CAP_MS],
    ] as const) {
      expect(backoffMs(attempts, () => 0)).toBe(ceiling / 2);
      expect(backoffMs(attempts, () => 0.999_999)).toBe(ceiling);
    }
    expect(BACKOFF_CAP_MS).toBeLessThanOrEqual(60_000);
  });

  it("reads Telegram's answer: 429 waits retry_after, 403 and a 400 about the chat break it, other 400s skip", () => {
    expect(failureVerdict(refused(429, "Too Many Requests", 37), 1)).toEqual({
      kind: "retry",
      waitMs: 37_000,
    });
    expect(failureVerdict(refused(403, "Forbidden: bot was blocked by the user"), 1)).toEqual({
      kind: "broken",
    });
    expect(failureVerdict(refused(400, "Bad Request: chat not found"), 1)).toEqual({ kind: "broken" });
    // As the Bot API server words them now and did before, and Telegram's own codes it passes on; in any case.
    for (const aboutTheChat of [
      "Bad Request: not enough rights to send text messages to the chat",
      "Bad Request: have no rights to send a message",
      "Bad Request: Have no write access to the chat",
      "Bad Request: need administrator rights in the channel chat",
      "Bad Request: CHAT_WRITE_FORBIDDEN",
      "Bad Request: CHAT_RESTRICTED",
      "Bad Request: TOPIC_CLOSED",
      "Bad Request: group chat was deactivated",
      // Without the supergroup's id there is nowhere to follow it: the owner reconnects.
      "Bad Request: group chat was upgraded to a supergroup chat",
    ]) {
      expect(failureVerdict(refused(400, aboutTheChat), 1), aboutTheChat).toEqual({ kind: "broken" });
    }
    for (const aboutTheMessage of [
      "Bad Request: message is too long",
      "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 12",
      "Bad Request: BUTTON_DATA_INVALID",
      "Bad Request: text must be non-empty",
    ]) {
      expect(failureVerdict(refused(400, aboutTheMessage), 1), aboutTheMessage).toEqual({ kind: "skip" });
    }
    const unreachable = new BotApiError("sendMessage", "unreachable", null, "ECONNREFUSED");
    expect(failureVerdict(unreachable, 3, () => 0)).toEqual({ kind: "retry", waitMs: 2_000 });
    expect(failureVerdict(refused(502, "Bad Gateway"), 1, () => 0)).toEqual({ kind: "retry", waitMs: 500 });
  });
});
