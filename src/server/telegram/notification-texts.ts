import type { MessageDescriptor } from "@lingui/core";
import type { BookingActorKind } from "@shared/booking.constants";
import { UNKNOWN_CALLER } from "@shared/calls.constants";
import type { LanguageCode } from "@shared/languages";
import type { BookingButtonLabels, ButtonAction } from "./booking-buttons";
import { serverI18n } from "./server-i18n";
import type { OutboxMessageRow } from "./telegram-delivery.repo";

/*
 * What the chat is told of each outbox row, in the business's language and timezone. Messages are Lingui
 * descriptors marked for extraction (the server runs without the macro's compile step); their catalog is
 * locales/<language>/server.po, compiled into server-messages.compiled.ts (see server-i18n.ts). Messages are
 * plain text (no parse mode), so names and notes from users need no escaping; Telegram links the URL.
 */

const TITLES: Record<string, MessageDescriptor> = {
  "booking.create": /*i18n*/ { id: "telegram.title.create", message: "New booking" },
  "booking.reschedule": /*i18n*/ { id: "telegram.title.reschedule", message: "Booking rescheduled" },
  "booking.cancel": /*i18n*/ { id: "telegram.title.cancel", message: "Booking cancelled" },
  "booking.confirm": /*i18n*/ { id: "telegram.title.confirm", message: "Booking confirmed" },
  "booking.complete": /*i18n*/ { id: "telegram.title.complete", message: "Booking completed" },
  "call.missed": /*i18n*/ { id: "telegram.title.missed", message: "Missed call" },
};

const SERVICE_FOR = /*i18n*/ { id: "telegram.booking.serviceFor", message: "{service} for {customer}" };
const PHONE = /*i18n*/ { id: "telegram.booking.phone", message: "Phone: {phone}" };
const WHEN = /*i18n*/ { id: "telegram.booking.when", message: "When: {time}" };
const MOVED = /*i18n*/ { id: "telegram.booking.moved", message: "Moved from {from} to {to}" };
const CALLER = /*i18n*/ { id: "telegram.call.caller", message: "Caller: {caller}" };
/** Instead of CALLER when the call says neither name nor number (a web call, a withheld number). */
const UNKNOWN_CALLER_LINE = /*i18n*/ { id: "telegram.call.unknownCaller", message: "Unknown caller" };
const CALLED_AT = /*i18n*/ { id: "telegram.call.at", message: "Called at {time}" };
const OPEN_CALL = /*i18n*/ { id: "telegram.call.open", message: "Open the call in CallDesk: {link}" };

/** Who made the change, as the booking's timeline names them. */
const BY: Record<BookingActorKind, MessageDescriptor> = {
  staff: /*i18n*/ { id: "telegram.by.staff", message: "Changed by a staff member" },
  assistant: /*i18n*/ { id: "telegram.by.assistant", message: "Changed by the voice assistant" },
  telegram: /*i18n*/ { id: "telegram.by.telegram", message: "Changed from Telegram" },
  calendar: /*i18n*/ { id: "telegram.by.calendar", message: "Changed in the online calendar" },
  system: /*i18n*/ { id: "telegram.by.system", message: "Changed automatically" },
};
const BY_STAFF_NAMED = /*i18n*/ { id: "telegram.by.staffNamed", message: "Changed by {name}" };
/** A creation says "booked" rather than "changed". */
const BOOKED_BY_ASSISTANT = /*i18n*/ {
  id: "telegram.by.assistantBooked",
  message: "Booked by the voice assistant during a call",
};
const BOOKED_BY_STAFF = /*i18n*/ { id: "telegram.by.staffBooked", message: "Booked by a staff member" };
const BOOKED_BY_STAFF_NAMED = /*i18n*/ { id: "telegram.by.staffNamedBooked", message: "Booked by {name}" };

const BUTTON_LABELS: Record<ButtonAction, MessageDescriptor> = {
  confirm: /*i18n*/ { id: "telegram.button.confirm", message: "Confirm" },
  cancel: /*i18n*/ { id: "telegram.button.cancel", message: "Cancel" },
};

/** The Confirm and Cancel buttons' labels in `language`. */
export function bookingButtonLabels(language: LanguageCode): BookingButtonLabels {
  const i18n = serverI18n(language);
  return { confirm: i18n._(BUTTON_LABELS.confirm.id), cancel: i18n._(BUTTON_LABELS.cancel.id) };
}

/** Formatters by language and zone: making one costs far more than formatting with it. */
const localTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A local date and time as the business's clock reads it, with its zone's name (the night the clocks change). */
export function formatLocalTime(instant: Date, language: LanguageCode, timeZone: string): string {
  const key = `${language} ${timeZone}`;
  let format = localTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "short",
    });
    localTimeFormats.set(key, format);
  }
  return format.format(instant);
}

export type NotificationContext = {
  language: LanguageCode;
  timezone: string;
  /** The portal's public origin, for links to a call; null: no link. */
  appOrigin: string | null;
};

export type Notification = {
  text: string;
  /** Set when the message should carry Confirm and Cancel: the booking is pending, now and in this change. */
  pendingBookingId: string | null;
};

/** The message for an outbox row, or null for a topic the chat is not told of. */
export function renderNotification(row: OutboxMessageRow, context: NotificationContext): Notification | null {
  const title = TITLES[row.topic];
  if (!title) return null;
  const i18n = serverI18n(context.language);
  const t = (descriptor: MessageDescriptor, values: Record<string, string> = {}) =>
    i18n._(descriptor.id, values);
  const time = (instant: Date) => formatLocalTime(instant, context.language, context.timezone);
  const lines = [t(title)];

  if (row.topic === "call.missed") {
    // The number stored for one never told is a word of no language: left out, as is a number erased ('').
    const number = row.callerNumber === UNKNOWN_CALLER ? null : row.callerNumber;
    const caller = [row.callerName, number].filter(Boolean).join(", ");
    lines.push(caller ? t(CALLER, { caller }) : t(UNKNOWN_CALLER_LINE));
    if (row.callStartedAt) lines.push(t(CALLED_AT, { time: time(row.callStartedAt) }));
    if (context.appOrigin && row.callId) {
      lines.push(t(OPEN_CALL, { link: `${context.appOrigin}/calls/${row.callId}` }));
    }
    return { text: lines.join("\n"), pendingBookingId: null };
  }

  lines.push(t(SERVICE_FOR, { service: row.serviceName ?? "", customer: row.customerName ?? "" }));
  if (row.customerPhone) lines.push(t(PHONE, { phone: row.customerPhone }));
  if (row.topic === "booking.reschedule" && row.fromStartTime && row.toStartTime) {
    lines.push(t(MOVED, { from: time(row.fromStartTime), to: time(row.toStartTime) }));
  } else if (row.toStartTime) {
    lines.push(t(WHEN, { time: time(row.toStartTime) }));
  }
  const created = row.topic === "booking.create";
  if (row.actorKind === "staff" && row.actorName) {
    lines.push(t(created ? BOOKED_BY_STAFF_NAMED : BY_STAFF_NAMED, { name: row.actorName }));
  } else if (created && row.actorKind === "assistant") {
    lines.push(t(BOOKED_BY_ASSISTANT));
  } else if (created && row.actorKind === "staff") {
    lines.push(t(BOOKED_BY_STAFF));
  } else if (row.actorKind) {
    lines.push(t(BY[row.actorKind]));
  }
  const pending = row.toStatus === "pending" && row.bookingStatus === "pending";
  return { text: lines.join("\n"), pendingBookingId: pending ? row.bookingId : null };
}
