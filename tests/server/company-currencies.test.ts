import { describe, expect, it } from "vitest";
import { COMPANY_CURRENCIES, isCompanyCurrency } from "../../src/shared/company-currencies";

// What Node 20's ICU knows and Chromium's does not (checked in Chromium by the settings e2e). When Node learns
// or drops a code this test fails: check the browsers, then change the list and this expectation together.
const NODE_ONLY = ["SLE", "XCG", "ZWG"];

describe("the currencies a business may choose", () => {
  it("are Node's own less those Chromium does not know, sorted, each once", () => {
    const node = Intl.supportedValuesOf("currency");
    expect(COMPANY_CURRENCIES).toEqual(node.filter((code) => !NODE_ONLY.includes(code)));
    expect(new Set(COMPANY_CURRENCIES).size).toBe(COMPANY_CURRENCIES.length);
    expect(COMPANY_CURRENCIES).toContain("USD");
  });

  it("refuse what is not on the list", () => {
    expect(["EUR", "JPY", "PLN"].map(isCompanyCurrency)).toEqual([true, true, true]);
    expect(["SLE", "XCG", "ZWG", "eur", "XYZ", ""].map(isCompanyCurrency)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
