import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { telegramButtons } from "../db/schema/telegram.schema";
import { findBookingRow } from "../repos/booking-lookups.repo";
import type { InlineKeyboardMarkup } from "./bot-api";

/** What a button asks for; the callback data is `<action>:<token>` (well under Telegram's 64 bytes). */
export const BUTTON_ACTIONS = ["confirm", "cancel"] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

/** The button labels in the business's language (the message texts' catalog has them). */
export type BookingButtonLabels = Record<ButtonAction, string>;

/**
 * The Confirm and Cancel buttons for a pending booking's message, or null when the booking is no longer
 * pending (or gone): a message sent late then carries no buttons that could only answer "already confirmed".
 * The callback data is an opaque token standing for the booking in its current version (see
 * telegram_buttons); sending the same booking's message again reuses its token.
 */
export async function bookingButtons(
  db: Executor,
  input: { businessId: string; bookingId: string; labels: BookingButtonLabels },
): Promise<InlineKeyboardMarkup | null> {
  const { businessId, bookingId, labels } = input;
  const booking = await findBookingRow(db, businessId, bookingId);
  if (booking?.status !== "pending") return null;
  const [row] = await db
    .insert(telegramButtons)
    .values({
      token: randomBytes(12).toString("base64url"),
      businessId,
      bookingId,
      bookingVersion: booking.version,
    })
    .onConflictDoUpdate({
      target: [telegramButtons.bookingId, telegramButtons.bookingVersion],
      // A no-op update, so the existing row (and its token) comes back.
      set: { token: sql`${telegramButtons.token}` },
    })
    .returning({ token: telegramButtons.token });
  const token = row!.token;
  return {
    inline_keyboard: [
      BUTTON_ACTIONS.map((action) => ({ text: labels[action], callback_data: `${action}:${token}` })),
    ],
  };
}

/** The action and token a button's callback data carries; null for data no button of ours has. */
export function readButtonData(data: string): { action: ButtonAction; token: string } | null {
  const [name, token] = data.split(":");
  const action = BUTTON_ACTIONS.find((a) => a === name);
  return action && token && /^[\w-]{16}$/.test(token) ? { action, token } : null;
}
