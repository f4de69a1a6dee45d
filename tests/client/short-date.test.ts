import { LANGUAGE_CODES } from "@shared/languages";
import { describe, expect, it } from "vitest";
import { shortDate } from "../../src/client/lib/short-date";

describe("short dates written without Intl", () => {
  it("match Intl's short date in each of the six languages", () => {
    for (const language of LANGUAGE_CODES) {
      const intl = new Intl.DateTimeFormat(language, { day: "2-digit", month: "2-digit", year: "numeric" });
      for (const [year, month, day] of [
        [2026, 1, 31],
        [1999, 12, 5],
      ] as const) {
        const pad = (value: number) => String(value).padStart(2, "0");
        expect(shortDate({ day: pad(day), month: pad(month), year: String(year) }, language)).toBe(
          intl.format(new Date(year, month - 1, day)),
        );
      }
    }
  });

  it("writes an unknown language as English", () => {
    expect(shortDate({ day: "dd", month: "mm", year: "yyyy" }, "xx")).toBe("mm/dd/yyyy");
  });
});
