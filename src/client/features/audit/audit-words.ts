import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PLATFORM_NAMES } from "@shared/assistant-platforms.constants";
import type {
  AuditActor,
  AuditEntry,
  AvailabilityAuditField,
  CompanyAuditField,
  PrivacyAuditField,
  ServiceAuditField,
} from "@shared/audit.schema";

/**
 * The activity log in words: one sentence per action code (the compiler holds that every code has one), the
 * fields a change touched by the labels the forms give them, and who acted.
 */
export function useAuditWords() {
  const { t, i18n } = useLingui();
  const list = (labels: string[]) =>
    new Intl.ListFormat(i18n.locale, { style: "long", type: "conjunction" }).format(labels);
  const day = (date: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(date));

  const companyField: Record<CompanyAuditField, string> = {
    name: t`Company name`,
    prompt: t`Company description prompt`,
    greeting: t`Greeting`,
    currency: t`Currency`,
    language: t`Language`,
    timezone: t`Timezone`,
    workingHours: t`Working hours`,
    workingDays: t`Working days`,
    callTransfer: t`Call handling`,
  };
  const availabilityField: Record<AvailabilityAuditField, string> = {
    weeklySchedule: t`Opening hours`,
    bufferBeforeMinutes: t`Buffer before (minutes)`,
    bufferAfterMinutes: t`Buffer after (minutes)`,
    minimumNoticeMinutes: t`Minimum notice`,
    bookingHorizonDays: t`Booking horizon (days)`,
    slotStepMinutes: t`Slot step (minutes)`,
  };
  const privacyField: Record<PrivacyAuditField, string> = {
    recordCalls: t`Record calls`,
    callContentDays: t`Remove call content after a number of days`,
    callRowDays: t`Delete calls after a number of days`,
    bookingPersonalDays: t`Remove customers' details from past bookings`,
  };
  const serviceField: Record<ServiceAuditField, string> = {
    name: t`Name`,
    description: t`Description`,
    duration: t`Duration`,
    price: t`Price`,
    category: t`Category`,
    isActive: t`Active`,
    bufferBeforeMinutes: t`Buffer before (minutes)`,
    bufferAfterMinutes: t`Buffer after (minutes)`,
  };

  const sentence = ({ action, details }: AuditEntry): string => {
    switch (action) {
      case "account.signed_up":
        return t`Created the account`;
      case "session.new_device":
        return t`Signed in from a new device`;
      case "session.signed_out_everywhere":
        return t`Signed out on every device`;
      case "assistant_key.created": {
        const { keyName } = details;
        return t`Created the assistant key “${keyName}”`;
      }
      case "assistant_key.revoked": {
        const { keyName } = details;
        return t`Revoked the assistant key “${keyName}”`;
      }
      case "assistant_connection.created": {
        const platform = PLATFORM_NAMES[details.provider];
        return t`Connected the voice platform ${platform}`;
      }
      case "assistant_connection.secret_rotated": {
        const platform = PLATFORM_NAMES[details.provider];
        return t`Replaced the secret of the voice platform ${platform}`;
      }
      case "assistant_connection.deleted": {
        const platform = PLATFORM_NAMES[details.provider];
        return t`Disconnected the voice platform ${platform}`;
      }
      case "company.updated": {
        const fields = list(details.fields.map((field) => companyField[field]));
        return t`Changed the company settings: ${fields}`;
      }
      case "company.phone_number_changed":
        return t`Set the company phone number`;
      case "availability.updated": {
        const fields = list(details.fields.map((field) => availabilityField[field]));
        return t`Changed the availability: ${fields}`;
      }
      case "blackout.added": {
        const [start, end] = [day(details.startDate), day(details.endDate)];
        return start === end
          ? t`Closed the business on ${start}`
          : t`Closed the business from ${start} to ${end}`;
      }
      case "blackout.removed": {
        const [start, end] = [day(details.startDate), day(details.endDate)];
        return start === end
          ? t`Removed the closure on ${start}`
          : t`Removed the closure from ${start} to ${end}`;
      }
      case "service.created": {
        const { serviceName } = details;
        return t`Added the service “${serviceName}”`;
      }
      case "service.updated": {
        const { serviceName } = details;
        const fields = list(details.fields.map((field) => serviceField[field]));
        return t`Changed the service “${serviceName}”: ${fields}`;
      }
      case "service.deleted": {
        const { serviceName } = details;
        return t`Deleted the service “${serviceName}”`;
      }
      case "telegram.connected":
        return t`Connected Telegram notifications`;
      case "telegram.disconnected":
        return t`Disconnected Telegram notifications`;
      case "telegram.chat_migrated":
        // By the server: Telegram upgraded the connected group to a supergroup, which has its own chat ID.
        return t`Moved Telegram notifications to the group's new supergroup`;
      case "calendar.connected":
        return t`Connected Google Calendar`;
      case "calendar.disconnected":
        return t`Disconnected Google Calendar`;
      case "privacy.settings_updated": {
        const fields = list(details.fields.map((field) => privacyField[field]));
        return t`Changed the data protection settings: ${fields}`;
      }
      case "caller_data.exported":
        return t`Downloaded one caller's data`;
      case "caller_data.erased":
        // The plurals inside the message: one sentence to translate, said in the interface's language.
        return details.cancelledBookings > 0
          ? t`Erased one caller's data: ${plural(details.calls, { one: "# call", other: "# calls" })}, ${plural(details.bookings, { one: "# booking", other: "# bookings" })} (${plural(details.cancelledBookings, { one: "# cancelled", other: "# cancelled" })})`
          : t`Erased one caller's data: ${plural(details.calls, { one: "# call", other: "# calls" })}, ${plural(details.bookings, { one: "# booking", other: "# bookings" })}`;
      case "business_data.exported":
        return details.recordings
          ? t`Downloaded all of the business's data, call recordings included`
          : t`Downloaded all of the business's data`;
      case "business.deleted":
        return t`Deleted the business and all of its data`;
      case "retention.purged": {
        // Only what there was some of (the server logs a purge that removed something), each in its plural.
        const { calls, callContents, bookingContacts } = details;
        const removed = list([
          ...(calls > 0 ? [t`${plural(calls, { one: "# call", other: "# calls" })}`] : []),
          ...(callContents > 0
            ? [t`the content of ${plural(callContents, { one: "# call", other: "# calls" })}`]
            : []),
          ...(bookingContacts > 0
            ? [
                t`customers' details from ${plural(bookingContacts, { one: "# booking", other: "# bookings" })}`,
              ]
            : []),
        ]);
        return t`Removed what the retention settings no longer keep: ${removed}`;
      }
    }
  };

  const actor = (who: AuditActor): string => {
    switch (who.kind) {
      case "user":
        return who.email ?? t`A former staff member`;
      case "assistant":
        return t`Voice assistant`;
      case "system":
        return t`CallDesk, automatically`;
    }
  };

  return { sentence, actor };
}
