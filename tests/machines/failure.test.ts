import { rejectionFacts } from "@machines/failure";
import { describe, expect, it } from "vitest";

describe("rejectionFacts", () => {
  it("reads what an API failure carries, from an Error subclass too", () => {
    const error = Object.assign(new Error("Slot taken"), {
      status: 409,
      code: "SLOT_TAKEN",
      nextFreeSlots: ["2026-11-27T10:20:00+01:00", 7],
      retryAfter: undefined,
    });
    expect(rejectionFacts(error)).toEqual({
      status: 409,
      code: "SLOT_TAKEN",
      message: "Slot taken",
      nextFreeSlots: ["2026-11-27T10:20:00+01:00"],
    });
  });

  it("drops a fact of the wrong type instead of trusting it", () => {
    expect(rejectionFacts({ status: "500", code: 42, field: "name" })).toEqual({ field: "name" });
  });

  it("keeps anything else only as its text", () => {
    expect(rejectionFacts("offline")).toEqual({ message: "offline" });
    expect(rejectionFacts(null)).toEqual({ message: "null" });
  });
});
