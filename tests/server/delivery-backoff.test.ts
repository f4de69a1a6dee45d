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

  it("reads Telegram's answer: 429 waits retry_after, 403 and chat not found break the chat, other 400s skip", () => {
    expect(failureVerdict(refused(429, "Too Many Requests", 37), 1)).toEqual({
      kind: "retry",
      waitMs: 37_000,
    });
    expect(failureVerdict(refused(403, "Forbidden: bot was blocked by the user"), 1)).toEqual({
      kind: "broken",
    });
    expect(failureVerdict(refused(400, "Bad Request: chat not found"), 1)).toEqual({ kind: "broken" });
    expect(failureVerdict(refused(400, "Bad Request: message is too long"), 1)).toEqual({ kind: "skip" });
    const unreachable = new BotApiError("sendMessage", "unreachable", null, "ECONNREFUSED");
    expect(failureVerdict(unreachable, 3, () => 0)).toEqual({ kind: "retry", waitMs: 2_000 });
    expect(failureVerdict(refused(502, "Bad Gateway"), 1, () => 0)).toEqual({ kind: "retry", waitMs: 500 });
  });
});
