import { SERVICE_DRAFT_DEFAULTS } from "@machines/service-dialog.machine";
import type { Service } from "@shared/service.schema";
import { describe, expect, it } from "vitest";
import { draftOfService, readDraft } from "../../src/client/features/services/service-draft";

const massage: Service = {
  _id: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  name: "Massage",
  description: "Sixty minutes",
  duration: 60,
  price: 1234.5,
  category: "wellness",
  isActive: false,
  bufferBeforeMinutes: null,
  bufferAfterMinutes: 10,
};

describe("the service form's numbers, in the interface language", () => {
  it("reads a German decimal comma as the decimal mark: 49,90 is 49.9, not 4990", () => {
    const draft = { ...SERVICE_DRAFT_DEFAULTS, name: "Massage", price: "49,90", bufferAfterMinutes: "5" };
    expect(readDraft(draft, "de")).toEqual({
      input: {
        name: "Massage",
        description: "",
        duration: 30,
        price: 49.9,
        category: null,
        isActive: true,
        bufferBeforeMinutes: null,
        bufferAfterMinutes: 5,
      },
      unreadable: [],
    });
    expect(readDraft({ ...draft, price: "1.234,50" }, "de").input.price).toBe(1234.5);
  });

  it("reads minutes as numbers, so 1,5 is refused as not whole rather than read as 15", () => {
    const { input } = readDraft(
      { ...SERVICE_DRAFT_DEFAULTS, duration: "1,5", bufferBeforeMinutes: "1,5" },
      "de",
    );
    expect(input).toMatchObject({ duration: 1.5, bufferBeforeMinutes: 1.5 });
  });

  it("names the fields whose text could mean two numbers or is no number; an empty one is 0 (spec 5)", () => {
    const draft = {
      ...SERVICE_DRAFT_DEFAULTS,
      duration: "1.234",
      price: "49,90 €",
      bufferBeforeMinutes: "1.500",
      bufferAfterMinutes: "abc",
    };
    expect(readDraft(draft, "de").unreadable).toEqual([
      { field: "duration", why: "ambiguous" },
      { field: "price", why: "notANumber" },
      { field: "bufferBeforeMinutes", why: "ambiguous" },
      { field: "bufferAfterMinutes", why: "notANumber" },
    ]);
    expect(readDraft(draft, "en").unreadable).toEqual([
      { field: "price", why: "notANumber" },
      { field: "bufferAfterMinutes", why: "notANumber" },
    ]);
    const empty = readDraft({ ...SERVICE_DRAFT_DEFAULTS, duration: " ", price: "" }, "de");
    expect(empty).toMatchObject({ input: { duration: 0, price: 0 }, unreadable: [] });
  });

  it("drafts a saved service as the language writes its numbers, which reads back the same", () => {
    for (const locale of ["en", "pl", "fr", "de", "es", "nl"]) {
      const draft = draftOfService(massage, locale, 2);
      expect(readDraft(draft, locale).input.price).toBe(1234.5);
    }
    expect(draftOfService(massage, "de", 2)).toMatchObject({
      price: "1234,50",
      bufferBeforeMinutes: "",
      bufferAfterMinutes: "10",
    });
    expect(draftOfService(massage, "en", 2).price).toBe("1234.50");
  });

  it("drafts the price with its currency's decimals: none for yen, unless it has them from before", () => {
    expect(draftOfService({ ...massage, price: 4500 }, "de", 0).price).toBe("4500");
    expect(draftOfService(massage, "de", 0).price).toBe("1234,5");
  });
});
