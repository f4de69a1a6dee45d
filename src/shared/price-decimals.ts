/**
 * How many decimals a price may have in a currency. Prices are stored as whole hundredths of the major unit
 * (`price_cents`), so never more than two; fewer where the currency has fewer (JPY, KRW: none), as Intl knows it
 * (ISO 4217's minor units, through CLDR). A currency of three (KWD, BHD) is shown with three and entered, as spec
 * 5's step of 0.01 has it, to the hundredth (docs/spec-notes.md, Services).
 */
export function priceDecimals(currency: string): number {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
  return Math.min(digits ?? 2, 2);
}

/** Whether `amount` has at most `decimals` decimals (19.99 has two, though the double is not exactly that). */
export function hasAtMostDecimals(amount: number, decimals: number): boolean {
  const scaled = amount * 10 ** decimals;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
}
