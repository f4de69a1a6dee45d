import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings.schema";
import { businesses, businessIdColumn } from "./businesses.schema";
import { xid8 } from "./xid8.column";

/**
 * The Telegram chat a business hears from (one per business), and where its delivery stands.
 *
 * Delivery is a cursor into the business's outbox rows, ordered by (xid, id) (see outbox): every row after
 * (`deliveredThroughXid`, `deliveredThroughId`) is still to send, in order, so a chat gets its messages in the order the changes
 * happened and a failed head waits (`attempts`, `nextAttemptAt`: backoff or Telegram's retry_after) instead
 * of being skipped. Connecting sets the cursor to the newest row: a new chat hears of what happens next.
 * `brokenAt` is set when Telegram refuses the chat for good (403: the bot was blocked or removed; 400: the chat
 * is gone or the bot may not post there): Settings shows it with a way to reconnect, and the messages wait
 * rather than being lost. A group Telegram upgrades to a supergroup moves `chatId` to the supergroup's.
 */
export const telegramConnections = pgTable("telegram_connections", {
  businessId: uuid("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  chatId: bigint("chat_id", { mode: "number" }).notNull(),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
  deliveredThroughId: bigint("delivered_through_id", { mode: "number" }).notNull().default(0),
  /** The xid of the row `deliveredThroughId` names ('0': one written before outbox rows had an xid). */
  deliveredThroughXid: xid8("delivered_through_xid").notNull().default("0"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  lastError: text("last_error"),
  brokenAt: timestamp("broken_at", { withTimezone: true }),
  brokenReason: text("broken_reason"),
});

export type TelegramConnectionRow = typeof telegramConnections.$inferSelect;

/**
 * The one-time codes of the connect dialog's deep link (https://t.me/<bot>?start=<code>): when the bot sees
 * `/start <code>` it records the chat, so the dialog fills in the chat ID by itself. A code is the business's
 * for a few minutes; it grants nothing but learning which chat sent it.
 */
export const telegramLinkCodes = pgTable(
  "telegram_link_codes",
  {
    code: text("code").primaryKey(),
    businessId: businessIdColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The chat that sent `/start <code>`; null until one has. */
    chatId: bigint("chat_id", { mode: "number" }),
  },
  (t) => [index("telegram_link_codes_business_id_idx").on(t.businessId)],
);

/**
 * What a Confirm or Cancel button under a pending booking's message stands for. Its callback data carries
 * only the opaque `token` (Telegram shows button data to anyone in the chat), never the booking id; the
 * version it was made for makes a button of a booking changed since answer with the booking's current status.
 */
export const telegramButtons = pgTable(
  "telegram_buttons",
  {
    token: text("token").primaryKey(),
    businessId: businessIdColumn(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    bookingVersion: integer("booking_version").notNull(),
  },
  (t) => [
    // One token per state of a booking: a message sent again after a failure carries the same buttons.
    uniqueIndex("telegram_buttons_booking_version_idx").on(t.bookingId, t.bookingVersion),
    index("telegram_buttons_business_id_idx").on(t.businessId),
  ],
);

/**
 * The long poll of Telegram's updates, per bot: where it stands (`nextOffset`, the first update not yet
 * handled, so a restart neither misses nor repeats one) and which instance polls (a lease: with several
 * instances on one database only the holder polls; a crashed holder's lease runs out). Not tenant data.
 */
export const telegramPoller = pgTable("telegram_poller", {
  botId: bigint("bot_id", { mode: "number" }).primaryKey(),
  nextOffset: bigint("next_offset", { mode: "number" }).notNull().default(0),
  leaseHolder: text("lease_holder"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
});

export type TelegramLinkCodeRow = typeof telegramLinkCodes.$inferSelect;
export type TelegramButtonRow = typeof telegramButtons.$inferSelect;
