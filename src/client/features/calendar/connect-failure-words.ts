import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { CalendarConnectFailure } from "@machines/calendar-connect.machine";
import { failureMessage } from "../../lib/error-wording";

/**
 * The callback page's messages that are spec 8's own words: shown in the interface language. Any other text it
 * sends (the server's English for a stale or foreign authorization, a permission left unticked) is shown as it
 * came, as spec 8 has it.
 */
const CALLBACK_WORDS: Record<string, MessageDescriptor> = {
  "Authorization failed": msg`Authorization failed`,
  "Authorization cancelled by user": msg`Authorization cancelled by user`,
};

/**
 * Spec 8's words for a connect that ended without a connection: a title, and for a connect URL that could not
 * be had, the catalog's message for what the server answered.
 */
export function connectFailureWords(
  failure: CalendarConnectFailure,
  i18n: I18n,
): { title: string; reason?: string | undefined } {
  switch (failure.reason) {
    case "blocked":
      return { title: i18n._(msg`Popup blocked. Please allow popups for this site.`) };
    case "noAuthUrl": {
      const reason = failureMessage(failure.failure);
      return { title: i18n._(msg`Failed to get connect URL`), reason: reason && i18n._(reason) };
    }
    case "refused": {
      const { message } = failure;
      if (message === null) return { title: i18n._(msg`Authorization failed`) };
      return { title: Object.hasOwn(CALLBACK_WORDS, message) ? i18n._(CALLBACK_WORDS[message]!) : message };
    }
    case "cancelled":
      return { title: i18n._(msg`Authorization cancelled by user`) };
    case "timeout":
      return { title: i18n._(msg`Authorization timeout - please try again`) };
  }
}
