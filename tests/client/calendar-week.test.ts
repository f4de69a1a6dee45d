import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarDateFormat,
  daysOfWeek,
  mondayOf,
  weekdayName,
} from "../../src/client/lib/calendar-week";

describe("calendar weeks of the availability preview", () => {
  it("finds the Monday of any day's week, across months and years", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
    expect(mondayOf("2024-03-03")).toBe("2024-02-26");
  });

  it("counts whole days over the nights the clocks change", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-25", -1)).toBe("2026-10-24");
    expect(daysOfWeek("2026-10-19")).toEqual([
      "2026-10-19",
      "2026-10-20",
      "2026-10-21",
      "2026-10-22",
      "2026-10-23",
      "2026-10-24",
      "2026-10-25",
    ]);
  });

  it("names days and dates in the interface language", () => {
    expect(weekdayName("en", 0)).toBe("Sunday");
    expect(weekdayName("pl", 1)).toBe("poniedziałek");
    expect(weekdayName("de", 6)).toBe("Samstag");
    expect(calendarDateFormat("en", { day: "numeric", month: "short" })("2026-12-24")).toBe("Dec 24");
    expect(calendarDateFormat("fr", { day: "numeric", month: "long" })("2026-12-24")).toBe("24 décembre");
  });
});
