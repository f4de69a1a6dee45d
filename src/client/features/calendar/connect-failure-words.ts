import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { CalendarConnectFailure } from "@machines/calendar-connect.machine";
import { failureMessage } from "../../lib/error-wording";

/**
 * Spec 8's words for a connect that ended without a connection: a title, and the reason when there is one
 * (the catalog's message for what the server answered, or the text the callback page sent, shown as it came).
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
    case "refused":
      return { title: i18n._(msg`Authorization failed`), reason: failure.message ?? undefined };
    case "cancelled":
      return { title: i18n._(msg`Authorization cancelled by user`) };
    case "timeout":
      return { title: i18n._(msg`Authorization timeout - please try again`) };
  }
}
