import { sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import {
  type ClaimedCursor,
  claimDueCursors,
  createCursorAdvancer,
  markCursorBroken,
  postponeCursor,
  releaseCursor,
} from "../outbox/outbox-cursor.repo";
import { createOutboxWorker, type OutboxWorker, type ServeOutcome } from "../outbox/outbox-worker";
import { bookingButtons } from "./booking-buttons";
import type { BotApi } from "./bot-api";
import { failureVerdict } from "./delivery-backoff";
import { bookingButtonLabels, renderNotification } from "./notification-texts";
import { readOutboxAfter } from "./telegram-delivery.repo";

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
  const advanceCursor = createCursorAdvancer(db, TABLE);
  const serveChat = async (chat: ClaimedChat): Promise<ServeOutcome> => {
    let { lease, delivered: cursor, attempts } = chat;
    const context = { language: chat.language, timezone: chat.timezone, appOrigin: deps.appOrigin };
    for (;;) {
      const rows = await readOutboxAfter(db, chat.businessId, cursor, ROWS_PER_READ);
      if (rows.length === 0) {
        const { more, held } = await releaseCursor(db, TABLE, { businessId: chat.businessId, lease });
        return more ? "more" : held ? "held" : "done";
      }
      const messages = rows.map((row) => renderNotification(row, context));
      const buttons = await bookingButtons(db, {
        businessId: chat.businessId,
        bookingIds: messages.flatMap((message) => message?.pendingBookingId ?? []),
        labels: bookingButtonLabels(chat.language),
      });
      for (const [i, row] of rows.entries()) {
        const message = messages[i];
        let skipped: string | null = null;
        if (message) {
          try {
            const replyMarkup = message.pendingBookingId ? buttons.get(message.pendingBookingId) : undefined;
            await bot.sendMessage(chat.chatId, message.text, replyMarkup ? { replyMarkup } : {});
          } catch (error) {
            attempts += 1;
            const verdict = failureVerdict(error, attempts, deps.random);
            const reason = error instanceof Error ? error.message : String(error);
            const now = clock();
            if (verdict.kind === "broken") {
              await markCursorBroken(db, TABLE, { businessId: chat.businessId, lease, now, reason });
              logger.warn(`Telegram refuses the chat of business ${chat.businessId}: ${reason}`);
              return "broken";
            }
            if (verdict.kind === "retry") {
              const retryAt = new Date(now.getTime() + verdict.waitMs);
              const postponed = { businessId: chat.businessId, lease, retryAt, attempts, error: reason };
              await postponeCursor(db, TABLE, postponed);
              return { retryAt };
            }
            // Telegram will never take this message as it is: sending it again would hold up the chat.
            logger.error(`Telegram refused outbox row ${row.id} (${row.topic}); skipped`, error);
            skipped = reason;
          }
        }
        const nextLease = new Date(clock().getTime() + LEASE_MS);
        const through = { xid: row.xid, id: row.id };
        const advanced = { businessId: chat.businessId, lease, through, nextLease, skipped };
        if (!(await advanceCursor(advanced))) return "lost";
        lease = nextLease;
        cursor = through;
        attempts = 0;
      }
    }
  };

  return createOutboxWorker<ClaimedChat>({
    name: "telegram-delivery",
    clock,
    logger,
    scanEveryMs: SCAN_EVERY_MS,
    perRound: CHATS_PER_ROUND,
    leaseMs: LEASE_MS,
    claim: async ({ now, businessIds, limit }) =>
      (
        await claimDueCursors(db, TABLE, {
          now,
          lease: new Date(now.getTime() + LEASE_MS),
          limit,
          businessIds,
          extra: sql`t.chat_id::text`,
        })
      ).map((chat) => ({ ...chat, chatId: Number(chat.extra) })),
    serve: serveChat,
  });
}
