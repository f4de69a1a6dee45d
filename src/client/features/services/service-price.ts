/**
 * Spec 2: two decimals in the business's currency (ISO 4217, from the company settings), in the interface
 * language's number format; '-' for a free service.
 */
export function formatServicePrice(price: number, locale: string, currency: string): string {
  if (price === 0) return "-";
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(price);
}
