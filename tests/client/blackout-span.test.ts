import { describe, expect, it } from "vitest";
import {
  blackoutInputOf,
  blackoutSpanFormat,
  endOfSpan,
} from "../../src/client/features/availability/blackout-span";

const span = (startDate: string, startTime: string | null, endDate: string, endTime: string | null) => ({
  startDate,
  startTime,
  endDate,
  endTime,
});

describe("a blackout span as the list shows it", () => {
  const english = blackoutSpanFormat("en-US", "2026");

  it("names each end by its day and time, whole days by their dates alone", () => {
    expect(english(span("2026-11-27", "14:00", "2026-11-30", "10:00"))).toBe(
      "Fri, Nov 27, 14:00 – Mon, Nov 30, 10:00",
    );
    expect(english(span("2026-11-27", null, "2026-11-30", null))).toBe("Fri, Nov 27 – Mon, Nov 30");
    expect(english(span("2026-11-27", "14:00", "2026-11-30", null))).toBe("Fri, Nov 27, 14:00 – Mon, Nov 30");
    // Midnight at either end is a whole day's edge.
    expect(english(span("2026-11-27", "00:00", "2026-11-30", "24:00"))).toBe("Fri, Nov 27 – Mon, Nov 30");
  });

  it("gives one day its date, then its hours when it has any", () => {
    expect(english(span("2026-11-27", null, "2026-11-27", null))).toBe("Fri, Nov 27");
    expect(english(span("2026-11-27", "14:00", "2026-11-27", "18:00"))).toBe("Fri, Nov 27, 14:00–18:00");
    expect(english(span("2026-11-27", "14:00", "2026-11-27", null))).toBe("Fri, Nov 27, 14:00–24:00");
    expect(english(span("2026-11-27", null, "2026-11-27", "10:00"))).toBe("Fri, Nov 27, 00:00–10:00");
  });

  it("adds the year to a day of another year, in the interface language", () => {
    expect(english(span("2025-12-31", "18:00", "2026-01-02", null))).toBe(
      "Wed, Dec 31, 2025, 18:00 – Fri, Jan 2",
    );
    expect(blackoutSpanFormat("de", "2026")(span("2026-11-27", "14:00", "2026-11-30", "10:00"))).toBe(
      "Fr., 27. Nov., 14:00 – Mo., 30. Nov., 10:00",
    );
  });
});

describe("what the form sends", () => {
  const typed = { startDate: "2026-11-27", startTime: "", endDate: "2026-11-30", endTime: "", reason: " " };

  it("sends an empty time as null (the whole day at that end), and no blank reason", () => {
    expect(blackoutInputOf(typed)).toEqual({ ...span("2026-11-27", null, "2026-11-30", null), reason: null });
    expect(blackoutInputOf({ ...typed, startTime: "14:00", endTime: "10:00", reason: "Wedding " })).toEqual({
      ...span("2026-11-27", "14:00", "2026-11-30", "10:00"),
      reason: "Wedding",
    });
  });

  it("reads 'until 00:00' of a later day as the end of the day before", () => {
    const input = blackoutInputOf({ ...typed, startTime: "14:00", endTime: "00:00" });
    expect(input).toMatchObject(span("2026-11-27", "14:00", "2026-11-29", null));
    expect(endOfSpan(input)).toBe("2026-11-29T24:00");
    // On one day there is no day before within the span: left for the check to refuse.
    expect(blackoutInputOf({ ...typed, endDate: "2026-11-27", endTime: "00:00" }).endTime).toBe("00:00");
  });
});
