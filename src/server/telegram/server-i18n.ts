import { type I18n, setupI18n } from "@lingui/core";
import { LANGUAGE_CODES, type LanguageCode } from "@shared/languages";
import { SERVER_MESSAGES } from "./server-messages.compiled";

/**
 * The server's own messages (Telegram notifications) in each of the six languages, compiled ahead of time
 * from locales/<language>/server.po by `npm run i18n:server` into server-messages.compiled.ts, so the server
 * needs neither the Lingui CLI nor a compile step at start; tests/server/server-messages.test.ts fails
 * when that module is not what the catalogs compile to.
 */

const instances = new Map<LanguageCode, I18n>(
  LANGUAGE_CODES.map((language) => [
    language,
    setupI18n({ locale: language, messages: { [language]: SERVER_MESSAGES[language] ?? {} } }),
  ]),
);

export const serverI18n = (language: LanguageCode): I18n => instances.get(language)!;
