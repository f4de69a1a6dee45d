/** Spec 3 "Language option" and spec 9: en is the default and the fallback. Also a business's notification language. */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "pl", name: "Polski" },
  { code: "fr", name: "Français" },
  { code: "de", name: "Deutsch" },
  { code: "es", name: "Español" },
  { code: "nl", name: "Nederlands" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);
export const DEFAULT_LANGUAGE: LanguageCode = "en";

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}
