import { LANGUAGE_CODES } from "@shared/languages";
import { describe, expect, it } from "vitest";
import { wholeNumber, wholePercent } from "../../src/client/lib/whole-number";

const SAMPLES = [0, 1, 7, 42, 999, 1000, 1234, 9999, 10_000, 12_345, 99_999, 100_000, 1_234_567, 20_000_000];

describe("whole numbers and percentages written without Intl", () => {
  it("match Intl.NumberFormat in each of the six languages", () => {
    for (const language of LANGUAGE_CODES) {
      const number = new Intl.NumberFormat(language);
      const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
      for (const value of SAMPLES) expect(wholeNumber(value, language)).toBe(number.format(value));
      for (const value of [0, 3, 50, 87, 100])
        expect(wholePercent(value, language)).toBe(percent.format(value / 100));
    }
  });

  it("rounds to whole numbers and writes an unknown language as English", () => {
    expect(wholeNumber(1234.6, "xx")).toBe("1,235");
    expect(wholePercent(66.6, "xx")).toBe("67%");
  });
});
