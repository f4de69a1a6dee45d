import { describe, expect, it } from "vitest";
import { createStatementBatcher, eachFailingAlone } from "../../src/server/db/statement-batcher";

/** A batch runner that records each batch and answers when the test says so. */
function recordingRunner<Out>(answer: (items: number[]) => (Out | Error)[]) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<(Out | Error)[]>((resolve) => releases.push(() => resolve(answer(items))));
  };
  const releaseNext = async () => {
    while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
    releases.shift()!();
  };
  return { batches, run, releaseNext };
}

describe("createStatementBatcher", () => {
  it("runs what arrives in one turn as one batch and answers each item in order", async () => {
    const runner = recordingRunner((items) => items.map((n) => n * 10));
    const batched = createStatementBatcher(runner.run);
    const answers = Promise.all([1, 2, 3].map(batched));
    await runner.releaseNext();
    expect(await answers).toEqual([10, 20, 30]);
    expect(runner.batches).toEqual([[1, 2, 3]]);
  });

  it("runs one batch at a time: what arrives meanwhile waits and goes together into the next", async () => {
    const runner = recordingRunner((items) => items.map((n) => -n));
    const batched = createStatementBatcher(runner.run);
    const first = batched(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(runner.batches).toEqual([[1]]);
    const later = [2, 3].map(batched);
    // The end of the turn they came in: a batch of their own would be set for it, and would now be running.
    await new Promise((resolve) => setImmediate(resolve));
    expect(runner.batches).toHaveLength(1);
    await runner.releaseNext();
    await runner.releaseNext();
    expect(await Promise.all([first, ...later])).toEqual([-1, -2, -3]);
    expect(runner.batches).toEqual([[1], [2, 3]]);
  });

  it("splits a crowd into batches of at most maxSize", async () => {
    const runner = recordingRunner((items) => items);
    const batched = createStatementBatcher(runner.run, { maxSize: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map(batched));
    for (let i = 0; i < 3; i++) await runner.releaseNext();
    expect(await answers).toEqual([1, 2, 3, 4, 5]);
    expect(runner.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("fails only the item whose answer is an Error", async () => {
    const runner = recordingRunner((items) => items.map((n) => (n === 2 ? new Error("two refused") : n)));
    const batched = createStatementBatcher(runner.run);
    const answers = Promise.allSettled([1, 2, 3].map(batched));
    await runner.releaseNext();
    expect(await answers).toEqual([
      { status: "fulfilled", value: 1 },
      { status: "rejected", reason: new Error("two refused") },
      { status: "fulfilled", value: 3 },
    ]);
  });

  it("fails a whole batch that throws or answers the wrong number of items, and keeps serving", async () => {
    let call = 0;
    const batched = createStatementBatcher(async (items: number[]) => {
      call++;
      if (call === 1) throw new Error("connection lost");
      if (call === 2) return items.slice(1);
      return items;
    });
    await expect(Promise.all([1, 2].map(batched))).rejects.toThrow("connection lost");
    await expect(Promise.all([3, 4].map(batched))).rejects.toThrow("a batch of 2 got 1 answers");
    expect(await batched(5)).toBe(5);
  });
});

describe("eachFailingAlone", () => {
  /** A statement the database refuses whenever it holds a negative number. */
  const statement = (seen: number[][]) => async (items: readonly number[]) => {
    seen.push([...items]);
    if (items.some((n) => n < 0)) throw new Error("refused");
    return items.map((n) => n * 10);
  };

  it("runs the items together, and each alone once the database refuses them together", async () => {
    const seen: number[][] = [];
    expect(await eachFailingAlone([1, 2], statement(seen))).toEqual([10, 20]);
    expect(seen).toEqual([[1, 2]]);
    seen.length = 0;
    expect(await eachFailingAlone([1, -2, 3], statement(seen))).toEqual([10, new Error("refused"), 30]);
    expect(seen).toEqual([[1, -2, 3], [1], [-2], [3]]);
  });

  it("throws the error of a lone item", async () => {
    await expect(eachFailingAlone([-1], statement([]))).rejects.toThrow("refused");
  });
});
