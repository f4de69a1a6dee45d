import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "./languages";

type DatePart = "day" | "month" | "year";

/**
 * How each interface language writes a short date (2-digit day and month, 4-digit year) as Intl does, the date
 * picker's input format. Known ahead, so a date field's first render builds no Intl formatter (the first one
 * costs tens of milliseconds while its locale data loads); tests/client/short-date.test.ts holds the two together.
 */
const SHORT_DATE_PATTERNS: Record<LanguageCode, { order: readonly DatePart[]; separator: string }> = {
  en: { order: ["month", "day", "year"], separator: "/" },
  pl: { order: ["day", "month", "year"], separator: "." },
  fr: { order: ["day", "month", "year"], separator: "/" },
  de: { order: ["day", "month", "year"], separator: "." },
  es: { order: ["day", "month", "year"], separator: "/" },
  nl: { order: ["day", "month", "year"], separator: "-" },
};

/** The parts written in `locale`'s order and separator (unknown locales as English). */
export function shortDate(parts: Record<DatePart, string>, locale: string): string {
  const { order, separator } = SHORT_DATE_PATTERNS[isLanguageCode(locale) ? locale : DEFAULT_LANGUAGE];
  return order.map((part) => parts[part]).join(separator);
}
