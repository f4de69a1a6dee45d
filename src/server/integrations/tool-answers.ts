import type { MessageDescriptor } from "@lingui/core";
import type { LanguageCode } from "@shared/languages";
import { serverI18n } from "../telegram/server-i18n";

/*
 * What a tool call answers the model, in the business's language (the model speaks it to the caller): short
 * sentences, times as ISO 8601 with the business's UTC offset (the model books them back exactly as given).
 * Lingui descriptors marked for extraction into locales/<language>/server.po, as the Telegram texts are.
 */

export const TOOL_ANSWERS = {
  slots: /*i18n*/ { id: "tool.slots.list", message: "Free times for {service}: {times}." },
  slotsMore: /*i18n*/ {
    id: "tool.slots.more",
    message: "Free times for {service}: {times}, and {more} more later.",
  },
  slotsNone: /*i18n*/ {
    id: "tool.slots.none",
    message: "No free time for {service} from {from} to {to}. Ask for another day.",
  },
  booked: /*i18n*/ {
    id: "tool.book.done",
    message: "Booked {service} for {customer} at {time} (booking {id}); the business will confirm it.",
  },
  taken: /*i18n*/ { id: "tool.book.taken", message: "That time is not free. Nearest free times: {times}." },
  takenNone: /*i18n*/ {
    id: "tool.book.takenNone",
    message: "That time is not free, and that day has no other free time. Ask for another day.",
  },
  bookings: /*i18n*/ { id: "tool.bookings.list", message: "Upcoming bookings for {phone}: {items}." },
  bookingItem: /*i18n*/ { id: "tool.bookings.item", message: "{service} at {time}, {status} (id {id})" },
  bookingsNone: /*i18n*/ { id: "tool.bookings.none", message: "No upcoming bookings for {phone}." },
  bookingsNoLine: /*i18n*/ {
    id: "tool.bookings.noLine",
    message:
      "No upcoming booking made on this call. This call comes from no phone number, so other bookings cannot be read or changed here: the caller can call from the number they booked with, or the business will help.",
  },
  pending: /*i18n*/ { id: "tool.status.pending", message: "awaiting confirmation" },
  confirmed: /*i18n*/ { id: "tool.status.confirmed", message: "confirmed" },
  cancelled: /*i18n*/ { id: "tool.cancel.done", message: "Cancelled {service} at {time}." },
  alreadyCancelled: /*i18n*/ {
    id: "tool.cancel.already",
    message: "{service} at {time} is cancelled: nothing more to do.",
  },
  moved: /*i18n*/ {
    id: "tool.reschedule.done",
    message: "Moved {service} to {time}; the business will confirm it again.",
  },
  unmoved: /*i18n*/ {
    id: "tool.reschedule.same",
    message: "{service} is already at {time}: nothing was changed.",
  },
  badArguments: /*i18n*/ {
    id: "tool.error.arguments",
    message: "Not done: {problem}. Correct it and try again.",
  },
  noPhone: /*i18n*/ {
    id: "tool.error.noPhone",
    message: "The caller's number is not known: ask for it and pass it as customerPhone.",
  },
  noService: /*i18n*/ {
    id: "tool.error.noService",
    message: 'No service is called "{service}". The services are: {services}.',
  },
  noServices: /*i18n*/ { id: "tool.error.noServices", message: "The business offers no service to book." },
  noBooking: /*i18n*/ {
    id: "tool.error.noBooking",
    message: "No such booking: list the caller's bookings to find its id.",
  },
  unchangeable: /*i18n*/ {
    id: "tool.error.unchangeable",
    message: "That booking can no longer be changed (it is cancelled or past).",
  },
  unknownTool: /*i18n*/ { id: "tool.error.unknownTool", message: 'There is no tool called "{name}".' },
  inProgress: /*i18n*/ {
    id: "tool.error.inProgress",
    message:
      "That same request is still being handled: do not send it again; check the caller's bookings in a moment.",
  },
  failed: /*i18n*/ {
    id: "tool.error.failed",
    message: "Something went wrong on the booking system's side: nothing was changed. Offer to call back.",
  },
} as const satisfies Record<string, MessageDescriptor>;

export type ToolAnswer = keyof typeof TOOL_ANSWERS;

/** One answer in `language`, on one line (Vapi wants single-line strings; it does the model no harm). */
export function toolAnswer(
  language: LanguageCode,
  answer: ToolAnswer,
  values: Record<string, string | number> = {},
): string {
  return serverI18n(language)
    ._(TOOL_ANSWERS[answer].id, values)
    .replace(/\s*[\r\n]+\s*/g, " ");
}

/** A list as the language joins it ("a, b and c"). */
export const spokenList = (language: LanguageCode, items: readonly string[]) =>
  new Intl.ListFormat(language, { type: "conjunction" }).format(items);
