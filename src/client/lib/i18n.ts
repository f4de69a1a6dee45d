import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "date-fns";
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_STORAGE_KEY, type LanguageCode } from "./languages";

type Catalog = () => Promise<{ messages: Messages }>;

// Each language's messages come in two catalogs (see lingui.config.ts), each language and part its own
// chunk: what can show before anyone signs in, loaded at start, and the signed-in area's, loaded with it.
const publicCatalogs: Record<LanguageCode, Catalog> = {
  en: () => import("../../../locales/en/public.po"),
  pl: () => import("../../../locales/pl/public.po"),
  fr: () => import("../../../locales/fr/public.po"),
  de: () => import("../../../locales/de/public.po"),
  es: () => import("../../../locales/es/public.po"),
  nl: () => import("../../../locales/nl/public.po"),
};

const signedInCatalogs: Record<LanguageCode, Catalog> = {
  en: () => import("../../../locales/en/signed-in.po"),
  pl: () => import("../../../locales/pl/signed-in.po"),
  fr: () => import("../../../locales/fr/signed-in.po"),
  de: () => import("../../../locales/de/signed-in.po"),
  es: () => import("../../../locales/es/signed-in.po"),
  nl: () => import("../../../locales/nl/signed-in.po"),
};

/** Set once the signed-in area is wanted: from then on every language activated brings both parts. */
let signedInWanted = false;

// Only the signed-in area formats dates (relative times), so the date-fns locale comes with its messages.
const dateLocales: Record<LanguageCode, () => Promise<Locale>> = {
  en: () => import("date-fns/locale/en-US").then((m) => m.enUS),
  pl: () => import("date-fns/locale/pl").then((m) => m.pl),
  fr: () => import("date-fns/locale/fr").then((m) => m.fr),
  de: () => import("date-fns/locale/de").then((m) => m.de),
  es: () => import("date-fns/locale/es").then((m) => m.es),
  nl: () => import("date-fns/locale/nl").then((m) => m.nl),
};

let dateLocale: Locale | undefined;

/** The date-fns locale of the active language (undefined until the signed-in area's messages arrive). */
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

/** The language asked for last: of two chosen in quick succession, the later one wins, whichever loads first. */
let latestAsked: LanguageCode | null = null;

export async function activateLanguage(code: LanguageCode): Promise<void> {
  latestAsked = code;
  const [publicPart, signedInPart, locale] = await Promise.all([
    publicCatalogs[code](),
    signedInWanted ? signedInCatalogs[code]() : undefined,
    signedInWanted ? dateLocales[code]() : undefined,
  ]);
  if (latestAsked !== code) return;
  dateLocale = locale;
  i18n.loadAndActivate({ locale: code, messages: { ...publicPart.messages, ...signedInPart?.messages } });
  // Setting it, even to the same value, re-resolves the whole document's locale-dependent style (~30 ms);
  // index.html has usually set it already.
  if (document.documentElement.lang !== code) document.documentElement.lang = code;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/**
 * Adds the signed-in area's messages to the active language, and to every language activated from now on.
 * Before the first activation it only marks them wanted: that activation then loads them.
 */
export async function loadSignedInMessages(): Promise<void> {
  signedInWanted = true;
  const code = i18n.locale;
  if (!isLanguageCode(code)) return;
  const [{ messages }, locale] = await Promise.all([signedInCatalogs[code](), dateLocales[code]()]);
  i18n.load(code, messages);
  if (i18n.locale === code) dateLocale = locale;
}

export { i18n };
