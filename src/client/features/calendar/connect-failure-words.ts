import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { CalendarConnectFailure } from "@machines/calendar-connect.machine";
import type { CalendarPermission, CalendarRefusal } from "@shared/calendar.schema";
import { failureMessage } from "../../lib/error-wording";

/** The callback's refusals in the interface language (its `error` is the server's English). */
const REFUSAL_WORDS: Record<Exclude<CalendarRefusal, "missingPermissions">, MessageDescriptor> = {
  cancelled: msg`Authorization cancelled by user`,
  failed: msg`Authorization failed`,
  stale: msg`This authorization expired or was already used. Please try again`,
  otherBrowser: msg`This authorization was started in another browser. Please try again from Settings`,
  unreachable: msg`Google could not be reached. Please try again in a moment`,
  noOfflineAccess: msg`Google did not grant offline access. Please try again`,
  notConfigured: msg`Google Calendar is not configured on this server`,
};

const PERMISSION_WORDS: Record<CalendarPermission, MessageDescriptor> = {
  events: msg`create, change and delete the events of your calendar`,
  freeBusy: msg`see when your calendar is busy`,
};

/** Why the callback refused, in the interface language; a page that gave no reason is shown as it came. */
function refusalWords(failure: Extract<CalendarConnectFailure, { reason: "refused" }>, i18n: I18n): string {
  const { refusal, missing = [], message } = failure;
  if (refusal === "missingPermissions") {
    const permissions = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(
      missing.map((permission) => i18n._(PERMISSION_WORDS[permission])),
    );
    return i18n._(
      msg`CallDesk needs permission to ${permissions}. Please connect again and allow every permission asked`,
    );
  }
  if (refusal) return i18n._(REFUSAL_WORDS[refusal]);
  return message ?? i18n._(REFUSAL_WORDS.failed);
}

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
    case "refused":
      return { title: refusalWords(failure, i18n) };
    case "cancelled":
      return { title: i18n._(msg`Authorization cancelled by user`) };
    case "timeout":
      return { title: i18n._(msg`Authorization timeout - please try again`) };
  }
}
