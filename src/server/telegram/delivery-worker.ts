import { sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { type ClaimedCursor, claimDueCursors } from "../outbox/outbox-cursor.repo";
import { createOutboxSender, LeaseLost } from "../outbox/outbox-sender";
import { createOutboxWorker, type OutboxWorker } from "../outbox/outbox-worker";
import { bookingButtons } from "./booking-buttons";
import { type BotApi, BotApiError } from "./bot-api";
import { failureVerdict } from "./delivery-backoff";
import { bookingButtonLabels, renderNotification } from "./notification-texts";
import { type OutboxMessageRow, readOutboxAfter } from "./telegram-delivery.repo";
import { moveHeldTelegramChat } from "./telegram-link.repo";

const TABLE = "telegram_connections";

/** How long a claimed chat is this instance's (renewed with every message sent); past it, presumed lost. */
const LEASE_MS = 60_000;
/** Chats claimed per round, all served at once (each chat's own messages strictly one after another). */
const CHATS_PER_ROUND = 64;
/** Outbox rows read per query while a chat is being served. */
const ROWS_PER_READ = 25;
/** The scheduled check: rows written by other instances, and chats whose sender was lost. */
const SCAN_EVERY_MS = 10_000;

export type TelegramDelivery = OutboxWorker;

type ClaimedChat = ClaimedCursor & { chatId: number };

/**
 * Sends the outbox to each business's Telegram chat, in (xid, id) order per chat (see
 * telegram-delivery.repo.ts: a row is read once every transaction before it has finished), advancing the
 * chat's cursor after every message (a crash repeats at most the one in flight; the advances of all chats
 * being served go to the database together). Chats are claimed with a lease, so with several instances each
 * message is sent by one of them, and many chats are served at once (the rounds: outbox-worker.ts).
 */
export function createTelegramDelivery(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  bot: BotApi;
  /** The portal's public origin, for links to a call (null: no link). */
  appOrigin: string | null;
  random?: () => number;
}): TelegramDelivery {
  const { db, clock, logger, bot } = deps;
  const serveChat = createOutboxSender<OutboxMessageRow, ClaimedChat>({
    db,
    table: TABLE,
    clock,
    logger,
    channel: "Telegram",
    leaseMs: LEASE_MS,
    read: async (chat, after) => {
      const rows = await readOutboxAfter(db, chat.businessId, after, ROWS_PER_READ);
      const context = { language: chat.language, timezone: chat.timezone, appOrigin: deps.appOrigin };
      const messages = new Map(rows.map((row) => [row.id, renderNotification(row, context)]));
      const buttons = await bookingButtons(db, {
        businessId: chat.businessId,
        bookingIds: [...messages.values()].flatMap((message) => message?.pendingBookingId ?? []),
        labels: bookingButtonLabels(chat.language),
      });
      return {
        rows,
        send: async (row, lease) => {
          const message = messages.get(row.id);
          if (!message) return;
          const replyMarkup = message.pendingBookingId ? buttons.get(message.pendingBookingId) : undefined;
          const options = replyMarkup ? { replyMarkup } : {};
          try {
            await bot.sendMessage(chat.chatId, message.text, options);
          } catch (error) {
            // Telegram upgraded the group to a supergroup, which refuses nothing: the chat, and this message
            // (the group took none of it), go on there.
            if (!(error instanceof BotApiError) || error.migrateToChatId === null) throw error;
            const to = error.migrateToChatId;
            const move = { businessId: chat.businessId, lease, from: chat.chatId, to, now: clock() };
            const moved = await moveHeldTelegramChat(db, move);
            if (moved === "lost") throw new LeaseLost(chat.businessId);
            if (moved === "moved") {
              logger.info(`Telegram moved the chat of business ${chat.businessId} to supergroup ${to}`);
            }
            // The rest of this serving goes there too (a new claim reads it from the connection).
            chat.chatId = to;
            await bot.sendMessage(to, message.text, options);
          }
        },
      };
    },
    verdict: (error, attempts) => failureVerdict(error, attempts, deps.random),
  });

  return createOutboxWorker<ClaimedChat>({
    name: "telegram-delivery",
    clock,
    logger,
    scanEveryMs: SCAN_EVERY_MS,
    perRound: CHATS_PER_ROUND,
    leaseMs: LEASE_MS,
    claim: async (round) =>
      (await claimDueCursors(db, TABLE, { ...round, extra: sql`t.chat_id::text` })).map((chat) => ({
        ...chat,
        chatId: Number(chat.extra),
      })),
    serve: serveChat,
  });
}
