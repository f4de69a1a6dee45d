export { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGES, type LanguageCode } from "@shared/languages";

export const LANGUAGE_STORAGE_KEY = "language";
