import { describe, expect, it } from "vitest";
import { decimalMarkOf, readDecimal } from "../../src/client/lib/decimal-text";

const value = (text: string, locale: string) => {
  const reading = readDecimal(text, locale);
  return reading.kind === "number" ? reading.value : reading.kind;
};

describe("numbers typed in the interface language", () => {
  it("learns the decimal mark from Intl", () => {
    expect(["en", "pl", "fr", "de", "es", "nl"].map(decimalMarkOf)).toEqual([".", ",", ",", ",", ",", ","]);
  });

  it("reads a decimal comma as the decimal mark, not a thousands separator (49,90 was saved as 4990)", () => {
    expect(value("49,90", "de")).toBe(49.9);
    expect(value("1,5", "de")).toBe(1.5);
    expect(value("1.234,50", "de")).toBe(1234.5);
    expect(value("1.234.567,5", "nl")).toBe(1234567.5);
    expect(value("1 234,50", "fr")).toBe(1234.5);
    expect(value("1\u202f234,50", "fr")).toBe(1234.5);
    expect(value("1\u00a0234,5", "pl")).toBe(1234.5);
  });

  it("takes either mark as the decimal one where nothing else can be meant", () => {
    expect(value("49.90", "de")).toBe(49.9);
    expect(value("49,90", "en")).toBe(49.9);
    expect(value("1,234.50", "de")).toBe(1234.5);
    expect(value("0.500", "de")).toBe(0.5);
    expect(value("1,234", "de")).toBe(1.234);
    expect(value("1.234", "en")).toBe(1.234);
    expect(value("1,234,567", "en")).toBe(1234567);
    expect(value("-5", "de")).toBe(-5);
    expect(value("12.", "en")).toBe(12);
    expect(value(",5", "de")).toBe(0.5);
    expect(value(" 30 ", "en")).toBe(30);
  });

  it("refuses to guess between a thousands separator and a decimal mark", () => {
    expect(value("1.234", "de")).toBe("ambiguous");
    expect(value("1,234", "en")).toBe("ambiguous");
    expect(value("1.500", "es")).toBe("ambiguous");
    expect(value("-1.234", "nl")).toBe("ambiguous");
  });

  it("finds no number in what is not one", () => {
    expect(value("", "en")).toBe("none");
    expect(value("abc", "de")).toBe("none");
    expect(value("12abc", "en")).toBe("none");
    expect(value("1.2.3", "en")).toBe("none");
    expect(value("1,23,456.5", "en")).toBe("none");
    expect(value("1.234,5,6", "de")).toBe("none");
    expect(value("-", "de")).toBe("none");
  });
});
