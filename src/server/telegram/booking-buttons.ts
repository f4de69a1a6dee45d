import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import type { InlineKeyboardMarkup } from "./bot-api";

/** What a button asks for; the callback data is `<action>:<token>` (well under Telegram's 64 bytes). */
export const BUTTON_ACTIONS = ["confirm", "cancel"] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

/** The button labels in the business's language (the message texts' catalog has them). */
export type BookingButtonLabels = Record<ButtonAction, string>;

/**
 * The Confirm and Cancel buttons for the messages about these bookings of the business (one statement for
 * all), by booking id; none for a booking no longer pending (or gone, or another business's): a message sent
 * late then carries no buttons that could only answer "already confirmed". The callback data is an opaque
 * token standing for the booking in its current version (see telegram_buttons); sending the same booking's
 * message again reuses its token.
 */
export async function bookingButtons(
  db: Executor,
  input: { businessId: string; bookingIds: readonly string[]; labels: BookingButtonLabels },
): Promise<Map<string, InlineKeyboardMarkup>> {
  const { businessId, labels } = input;
  const bookingIds = [...new Set(input.bookingIds)];
  if (bookingIds.length === 0) return new Map();
  const wanted = bookingIds.map((bookingId) => ({ bookingId, token: randomBytes(12).toString("base64url") }));
  const rows = await rawRows<{ bookingId: string; token: string }>(
    db,
    sql`insert into telegram_buttons (token, business_id, booking_id, booking_version)
      select w.token, b.business_id, b.id, b.version
      from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w("bookingId" uuid, token text)
      join bookings b on b.id = w."bookingId" and b.business_id = ${businessId}::uuid and b.status = 'pending'
      -- A no-op update, so the existing row (and its token) comes back.
      on conflict (booking_id, booking_version) do update set token = telegram_buttons.token
      returning booking_id as "bookingId", token`,
  );
  return new Map(
    rows.map(({ bookingId, token }) => [
      bookingId,
      {
        inline_keyboard: [
          BUTTON_ACTIONS.map((action) => ({ text: labels[action], callback_data: `${action}:${token}` })),
        ],
      },
    ]),
  );
}

/** The action and token a button's callback data carries; null for data no button of ours has. */
export function readButtonData(data: string): { action: ButtonAction; token: string } | null {
  const [name, token] = data.split(":");
  const action = BUTTON_ACTIONS.find((a) => a === name);
  return action && token && /^[\w-]{16}$/.test(token) ? { action, token } : null;
}
