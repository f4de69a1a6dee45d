import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "./languages";

/**
 * How each interface language writes whole numbers and percentages, as Intl.NumberFormat does. Known ahead so
 * that a page of counts builds no Intl formatter: the first one costs tens of milliseconds while its locale
 * data loads. tests/client/whole-number.test.ts holds the two together.
 */
const STYLES: Record<LanguageCode, { group: string; minGroupedDigits: number; percent: string }> = {
  en: { group: ",", minGroupedDigits: 4, percent: "%" },
  pl: { group: "\u00a0", minGroupedDigits: 5, percent: "%" },
  fr: { group: "\u202f", minGroupedDigits: 4, percent: "\u00a0%" },
  de: { group: ".", minGroupedDigits: 4, percent: "\u00a0%" },
  es: { group: ".", minGroupedDigits: 5, percent: "\u00a0%" },
  nl: { group: ".", minGroupedDigits: 4, percent: "%" },
};

const styleOf = (locale: string) => STYLES[isLanguageCode(locale) ? locale : DEFAULT_LANGUAGE];

/** A count (not negative; rounded) with the language's digit grouping: 12,345 · 12 345 · 12.345. */
export function wholeNumber(value: number, locale: string): string {
  const { group, minGroupedDigits } = styleOf(locale);
  const digits = String(Math.round(Math.max(0, value)));
  return digits.length < minGroupedDigits ? digits : digits.replace(/\B(?=(\d{3})+$)/g, group);
}

/** A percentage given in hundredths of one (87 → "87%", "87 %"), rounded to whole percent. */
export function wholePercent(percent: number, locale: string): string {
  return wholeNumber(percent, locale) + styleOf(locale).percent;
}
