import { bigint, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.schema";

/**
 * The Telegram chat a business hears from (one per business), and where its delivery stands.
 *
 * Delivery is a cursor into the business's outbox rows (ordered by id): every row after
 * `deliveredThroughId` is still to send, in order, so a chat gets its messages in the order the changes
 * happened and a failed head waits (`attempts`, `nextAttemptAt`: backoff or Telegram's retry_after) instead
 * of being skipped. Connecting sets the cursor to the newest row: a new chat hears of what happens next.
 * `brokenAt` is set when Telegram refuses for good (403: the bot was blocked or removed): Settings shows it
 * with a way to reconnect, and the messages wait rather than being lost.
 */
export const telegramConnections = pgTable("telegram_connections", {
  businessId: uuid("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  chatId: bigint("chat_id", { mode: "number" }).notNull(),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
  deliveredThroughId: bigint("delivered_through_id", { mode: "number" }).notNull().default(0),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  lastError: text("last_error"),
  brokenAt: timestamp("broken_at", { withTimezone: true }),
  brokenReason: text("broken_reason"),
});

export type TelegramConnectionRow = typeof telegramConnections.$inferSelect;
