import { COMPANY_DEFAULTS } from "@shared/company-defaults";

/**
 * Spec 2: two decimals in the business's currency (USD until company settings let the owner choose), in the
 * interface language's number format; '-' for a free service.
 */
export function formatServicePrice(price: number, locale: string): string {
  if (price === 0) return "-";
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: COMPANY_DEFAULTS.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(price);
}
