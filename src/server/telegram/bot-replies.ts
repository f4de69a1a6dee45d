import type { MessageDescriptor } from "@lingui/core";
import type { BookingStatus } from "@shared/booking.constants";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "@shared/languages";
import { serverI18n } from "./server-i18n";

/*
 * What the bot itself says in a chat, in the business's language: its answer to /start, the connect test
 * message, and what a Confirm or Cancel button did. Plain text, like the notifications; the catalog is the
 * server's (see notification-texts.ts).
 */

const CHAT_ID_LINKED = /*i18n*/ {
  id: "telegram.bot.chatIdLinked",
  message: "Your chat ID is {chatId}. Go back to CallDesk: it has been filled in for you. Press Connect.",
};
const CHAT_ID = /*i18n*/ {
  id: "telegram.bot.chatId",
  message:
    "Your chat ID is {chatId}. Enter it in CallDesk under Settings → Telegram to get notifications here.",
};
const CONNECTED = /*i18n*/ {
  id: "telegram.bot.connected",
  message:
    "CallDesk is connected. This chat will hear of new, changed and cancelled bookings and missed calls of {business}.",
};
const CONFIRMED_BY = /*i18n*/ {
  id: "telegram.bot.confirmedBy",
  message: "✅ Confirmed in Telegram by {name}",
};
const CANCELLED_BY = /*i18n*/ {
  id: "telegram.bot.cancelledBy",
  message: "❌ Cancelled in Telegram by {name}",
};
const ANSWER_CONFIRMED = /*i18n*/ { id: "telegram.bot.answerConfirmed", message: "Booking confirmed." };
const ANSWER_CANCELLED = /*i18n*/ { id: "telegram.bot.answerCancelled", message: "Booking cancelled." };
const STALE: Record<BookingStatus, MessageDescriptor> = {
  pending: /*i18n*/ {
    id: "telegram.bot.stalePending",
    message: "This booking changed meanwhile and is still pending; nothing was changed.",
  },
  confirmed: /*i18n*/ {
    id: "telegram.bot.staleConfirmed",
    message: "This booking is already confirmed; nothing was changed.",
  },
  completed: /*i18n*/ {
    id: "telegram.bot.staleCompleted",
    message: "This booking is already completed; nothing was changed.",
  },
  cancelled: /*i18n*/ {
    id: "telegram.bot.staleCancelled",
    message: "This booking is already cancelled; nothing was changed.",
  },
};
const GONE = /*i18n*/ {
  id: "telegram.bot.gone",
  message: "This booking no longer exists; nothing was changed.",
};
const NOT_ALLOWED = /*i18n*/ {
  id: "telegram.bot.notAllowed",
  message: "Not allowed: this chat is not the one connected to that business.",
};
const UNKNOWN_BUTTON = /*i18n*/ { id: "telegram.bot.unknownButton", message: "This button no longer works." };

const say = (language: LanguageCode, descriptor: MessageDescriptor, values?: Record<string, unknown>) =>
  serverI18n(language)._(descriptor.id, values);

/**
 * The answer to `/start`: the chat ID to enter in step 3. With the dialog's code (`linked`) the dialog has it
 * already; without (a bare /start, an expired code) it says where to enter it.
 */
export const chatIdReply = (chatId: number, language: LanguageCode, linked: boolean) =>
  say(language, linked ? CHAT_ID_LINKED : CHAT_ID, { chatId: String(chatId) });

/** One of the six from a Telegram user's `language_code` (`de`, `pt-br`: its first part), else English. */
export const userLanguage = (languageCode: string | undefined): LanguageCode => {
  const primary = languageCode?.split("-")[0]?.toLowerCase();
  return primary && isLanguageCode(primary) ? primary : DEFAULT_LANGUAGE;
};

/** The test message of a connect: Telegram taking it proves the bot can write to the chat. */
export const connectedMessage = (language: LanguageCode, business: string) =>
  say(language, CONNECTED, { business });

/** The line added under a booking's message once a button changed it. */
export const outcomeLine = (language: LanguageCode, status: BookingStatus, name: string) =>
  say(language, status === "confirmed" ? CONFIRMED_BY : CANCELLED_BY, { name });

/** The button's answer (a short notice in Telegram) after it changed the booking. */
export const changedAnswer = (language: LanguageCode, status: BookingStatus) =>
  say(language, status === "confirmed" ? ANSWER_CONFIRMED : ANSWER_CANCELLED);

/** The answer to a button of a booking changed since its message (null: deleted): nothing was done. */
export const staleAnswer = (language: LanguageCode, status: BookingStatus | null) =>
  say(language, status ? STALE[status] : GONE);

export const notAllowedAnswer = (language: LanguageCode) => say(language, NOT_ALLOWED);
export const unknownButtonAnswer = (language: LanguageCode) => say(language, UNKNOWN_BUTTON);
