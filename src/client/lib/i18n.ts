import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "date-fns";
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_STORAGE_KEY, type LanguageCode } from "./languages";

// Only the active catalog and date-fns locale are fetched; each language is its own chunk.
const catalogs: Record<LanguageCode, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../../locales/en/messages.po"),
  pl: () => import("../../../locales/pl/messages.po"),
  fr: () => import("../../../locales/fr/messages.po"),
  de: () => import("../../../locales/de/messages.po"),
  es: () => import("../../../locales/es/messages.po"),
  nl: () => import("../../../locales/nl/messages.po"),
};

const dateLocales: Record<LanguageCode, () => Promise<Locale>> = {
  en: () => import("date-fns/locale/en-US").then((m) => m.enUS),
  pl: () => import("date-fns/locale/pl").then((m) => m.pl),
  fr: () => import("date-fns/locale/fr").then((m) => m.fr),
  de: () => import("date-fns/locale/de").then((m) => m.de),
  es: () => import("date-fns/locale/es").then((m) => m.es),
  nl: () => import("date-fns/locale/nl").then((m) => m.nl),
};

let dateLocale: Locale | undefined;

/** The date-fns locale of the active language (undefined until the first activation resolves). */
export const getDateLocale = () => dateLocale;

/** The stored language, or en when nothing (or something unknown) is stored. */
export function storedLanguage(): LanguageCode {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export async function activateLanguage(code: LanguageCode): Promise<void> {
  const [{ messages }, locale] = await Promise.all([catalogs[code](), dateLocales[code]()]);
  dateLocale = locale;
  i18n.loadAndActivate({ locale: code, messages });
  document.documentElement.lang = code;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

export { i18n };
