import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckAnswer, CheckRequest, PrepareRequest } from "../../src/client/lib/response-check";

type Answer = (request: CheckRequest) => CheckAnswer;

/** A stand-in for the browser's Worker: records what the page posts, answers checks with `answer`. */
function fakeWorker(answer: Answer) {
  const posted: (CheckRequest | PrepareRequest)[] = [];
  class FakeWorker extends EventTarget {
    postMessage(message: CheckRequest | PrepareRequest) {
      posted.push(message);
      if ("prepare" in message) return;
      queueMicrotask(() => this.dispatchEvent(new MessageEvent("message", { data: answer(message) })));
    }
  }
  return { FakeWorker, posted };
}

/** response-check.ts freshly imported, with `Worker` as given (it reads it when first loaded). */
async function loadWith(worker: unknown) {
  vi.resetModules();
  vi.stubGlobal("Worker", worker);
  return import("../../src/client/lib/response-check");
}

const validate = (schema: { "~standard": { validate: (value: unknown) => unknown } }, value: unknown) =>
  Promise.resolve(schema["~standard"].validate(value));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the response checker", () => {
  it("tells the worker which schema an answer will need, then checks the answer there", async () => {
    const { FakeWorker, posted } = fakeWorker(({ id }) => ({ id, problem: undefined }));
    const { responseSchema } = await loadWith(FakeWorker);
    const counts = responseSchema("bookingCounts");
    counts.prepare?.();
    expect(await validate(counts, { pending: 2 })).toEqual({ value: { pending: 2 } });
    expect(posted).toEqual([
      { prepare: "bookingCounts" },
      { id: 0, name: "bookingCounts", data: { pending: 2 } },
    ]);
  });

  it("checks in the page when the worker could not load the schema, instead of waiting for good", async () => {
    const { FakeWorker } = fakeWorker(({ id }) => ({ id, unchecked: true }));
    const { responseSchema } = await loadWith(FakeWorker);
    const counts = responseSchema("bookingCounts");
    expect(await validate(counts, { pending: 2 })).toEqual({ value: { pending: 2 } });
    expect(await validate(counts, { pending: -1 })).toMatchObject({
      issues: [{ message: expect.stringContaining("pending") }],
    });
  });

  it("checks in the page when no worker may be started at all", async () => {
    const { responseSchema, startResponseChecker } = await loadWith(
      class {
        constructor() {
          throw new DOMException("Refused by policy", "SecurityError");
        }
      },
    );
    expect(() => startResponseChecker()).not.toThrow();
    const counts = responseSchema("bookingCounts");
    expect(() => counts.prepare?.()).not.toThrow();
    expect(await validate(counts, { pending: 0 })).toEqual({ value: { pending: 0 } });
  });
});
