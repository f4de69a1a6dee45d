import type { BookingStatus } from "@shared/booking.constants";

/*
 * What the bot itself says in a chat: its answer to /start, the connect test message, and the outcome of
 * a Confirm or Cancel button. English for now; they move to the server catalog of the notification texts
 * (locales/<language>/server.po) once it is on main, taking the business's language.
 */

/** The answer to `/start`: the chat ID to enter in step 3 (the dialog fills it in when the code was known). */
export const chatIdReply = (chatId: number, linked: boolean) =>
  linked
    ? `Your chat ID is ${chatId}. Go back to CallDesk: it is filled in for you — press Connect.`
    : `Your chat ID is ${chatId}. Enter it in CallDesk under Settings → Telegram to get notifications here.`;

/** The test message of a connect: Telegram taking it proves the bot can write to the chat. */
export const connectedMessage = (businessName: string) =>
  `CallDesk is connected. This chat will hear of new, changed and cancelled bookings and missed calls of ${businessName}.`;

const STATUS_WORDS: Record<BookingStatus, string> = {
  pending: "pending",
  confirmed: "confirmed",
  completed: "completed",
  cancelled: "cancelled",
};

/** The line added under a booking's message once a button changed it. */
export const outcomeLine = (status: BookingStatus, by: string) =>
  status === "confirmed" ? `✅ Confirmed in Telegram by ${by}` : `❌ Cancelled in Telegram by ${by}`;

/** The button's answer (a short notice in Telegram) after it changed the booking. */
export const changedAnswer = (status: BookingStatus) => `Booking ${STATUS_WORDS[status]}`;

/** The answer to a button of a booking changed since its message: nothing was done. */
export const staleAnswer = (status: BookingStatus | null) =>
  status
    ? `This booking is ${STATUS_WORDS[status]} now; nothing was changed.`
    : "This booking no longer exists; nothing was changed.";

export const notAllowedAnswer = "Not allowed: this chat is not the one connected to that business.";
export const unknownButtonAnswer = "This button no longer works.";
