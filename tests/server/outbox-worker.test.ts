import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../src/server/logger";
import { outboxWritten } from "../../src/server/outbox/outbox-signal";
import { createOutboxWorker } from "../../src/server/outbox/outbox-worker";

afterEach(() => {
  vi.useRealTimers();
});

describe("the outbox worker", () => {
  it("keeps a wake-up whose claim failed and claims again soon, without another write", async () => {
    vi.useFakeTimers();
    const served: string[] = [];
    let failures = 1;
    const worker = createOutboxWorker<{ businessId: string }>({
      name: "test delivery",
      clock: () => new Date("2026-03-02T12:00:00.000Z"),
      logger: createLogger("silent"),
      scanEveryMs: 60_000,
      perRound: 10,
      leaseMs: 60_000,
      claim: async ({ businessIds }) => {
        if (failures-- > 0) throw new Error("the database went away for a moment");
        return (businessIds ?? []).map((businessId) => ({ businessId }));
      },
      serve: async ({ businessId }) => {
        served.push(businessId);
        return "done";
      },
    });
    worker.start();
    try {
      outboxWritten(["business-a"]);
      await vi.advanceTimersByTimeAsync(5);
      expect(served).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(served).toEqual(["business-a"]);
    } finally {
      await worker.stop();
    }
  });
});
