import { SERVICE_DRAFT_DEFAULTS } from "@machines/service-dialog.machine";
import { describe, expect, it } from "vitest";
import { readDraft } from "../../src/client/features/services/service-draft";
import { refusedFields } from "../../src/client/features/services/service-draft-check";
import { refusalMessage } from "../../src/client/features/services/service-field-messages";
import { formatServicePrice, priceDecimalsOf } from "../../src/client/features/services/service-price";

// Intl separates amount and code with a no-break space; compared as plain spaces.
const shown = (price: number, locale: string, currency: string) =>
  formatServicePrice(price, locale, currency).replace(/\s/g, " ");

describe("prices in the business's currency", () => {
  it("shows each currency with its own decimals, not always two", () => {
    expect(shown(4500.5, "de", "KWD")).toBe("4.500,500 KWD");
    expect(shown(4500, "en", "JPY")).toBe("¥4,500");
    expect(shown(19.99, "en", "USD")).toBe("$19.99");
    expect(shown(1234.5, "de", "EUR")).toBe("1.234,50 €");
    expect(shown(0, "en", "JPY")).toBe("-");
  });

  it("allows the currency's decimals in the form, at most the two prices are stored with", () => {
    expect(["USD", "JPY", "KRW", "KWD", "BHD", "EUR"].map(priceDecimalsOf)).toEqual([2, 0, 0, 2, 2, 2]);
    // While the company loads, spec 5's two.
    expect(priceDecimalsOf(undefined)).toBe(2);
  });

  it("refuses 4500.5 yen at the price field, saying why", () => {
    const { input } = readDraft({ ...SERVICE_DRAFT_DEFAULTS, name: "Massage", price: "4500.5" }, "en");
    expect(refusedFields(input, priceDecimalsOf("JPY"))).toEqual(["price"]);
    expect(refusalMessage("price", input, "JPY").message).toBe("Price must be a whole amount in {currency}");
    expect(refusedFields({ ...input, price: 4500 }, priceDecimalsOf("JPY"))).toEqual([]);
    expect(refusedFields(input, priceDecimalsOf("USD"))).toEqual([]);
    expect(refusalMessage("price", { ...input, price: 19.999 }, "USD").message).toBe(
      "Price can have at most two decimals",
    );
  });
});
