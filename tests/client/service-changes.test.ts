import { describe, expect, it } from "vitest";
import { changesOf, draftOfService, readDraft } from "../../src/client/features/services/service-draft";
import type { Service } from "../../src/shared/service.schema";

/** "Cut" as a list read before another tab renamed it "Haircut deluxe" at 45 showed it. */
const cut: Service = {
  _id: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  name: "Cut",
  description: "",
  duration: 30,
  price: 25,
  category: null,
  isActive: true,
  bufferBeforeMinutes: null,
  bufferAfterMinutes: 10,
};

describe("an edit of a service from the dialog", () => {
  it("sends only the fields changed in it, so a rename saved elsewhere is not put back", () => {
    const opened = draftOfService(cut, "de", 2);
    const changes = (draft: typeof opened) => changesOf(readDraft(draft, "de").input, opened, "de");
    expect(changes({ ...opened, duration: "45" })).toEqual({ duration: 45 });
    expect(changes({ ...opened, bufferAfterMinutes: "" })).toEqual({ bufferAfterMinutes: null });
    expect(changes({ ...opened, price: "25,5" })).toEqual({ price: 25.5 });
    expect(changes(opened)).toEqual({});
  });
});
