import { describe, expect, it } from "vitest";
import { createBoundedMap } from "../../src/server/bounded-map";

describe("createBoundedMap", () => {
  it("keeps entries up to its bound, starts over past it, and updates a known key without starting over", () => {
    const map = createBoundedMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.set("a", 10);
    expect([map.get("a"), map.get("b")]).toEqual([10, 2]);
    map.set("c", 3);
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual([undefined, undefined, 3]);
    map.delete("c");
    expect(map.get("c")).toBeUndefined();
  });
});
