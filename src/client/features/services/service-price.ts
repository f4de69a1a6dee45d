import { priceDecimals } from "@shared/price-decimals";

/**
 * Spec 2's "$ with 2 decimals", in the business's currency (ISO 4217, from the company settings): with that
 * currency's own decimals, as Intl knows them (USD 19.99, JPY 4,500, KWD 4.500,500), in the interface language's
 * number format; '-' for a free service.
 */
export function formatServicePrice(price: number, locale: string, currency: string): string {
  if (price === 0) return "-";
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(price);
}

/** The decimals the form allows in a price: the currency's (price-decimals.ts), spec 5's two while it loads. */
export const priceDecimalsOf = (currency: string | undefined) => (currency ? priceDecimals(currency) : 2);
