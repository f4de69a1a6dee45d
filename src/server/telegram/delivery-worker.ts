import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { onOutboxWritten } from "../outbox/outbox-signal";
import type { ScheduledJob } from "../scheduler/scheduler";
import { bookingButtons } from "./booking-buttons";
import type { BotApi } from "./bot-api";
import { failureVerdict } from "./delivery-backoff";
import { bookingButtonLabels, renderNotification } from "./notification-texts";
import {
  type ClaimedConnection,
  claimDueConnections,
  createCursorAdvancer,
  markConnectionBroken,
  postponeConnection,
  readOutboxAfter,
  releaseConnection,
} from "./telegram-delivery.repo";

/** How long a claimed chat is this instance's (renewed with every message sent); past it, presumed lost. */
const LEASE_MS = 60_000;
/** Chats claimed per round, all served at once (each chat's own messages strictly one after another). */
const CHATS_PER_ROUND = 64;
/** Outbox rows read per query while a chat is being served. */
const ROWS_PER_READ = 25;
/** While chats wait for a retry, how often (real time) this instance checks whether one is due. */
const RETRY_CHECK_MS = 1_000;
/**
 * Committed rows above the horizon (an older transaction still runs, PostgreSQL only): looked at again after
 * this, doubling while they stay held, up to RETRY_CHECK_MS.
 */
const HELD_RETRY_MS = 10;
/** The scheduled check: rows written by other instances, and chats whose sender was lost. */
const SCAN_EVERY_MS = 10_000;

export type TelegramDelivery = {
  /** The shared scheduled check (see scheduler.ts): asks for a round over every chat. */
  job: ScheduledJob;
  /** Starts listening for outbox writes of this process. */
  start(): void;
  /** No round starts after this; resolves once the running one is over. */
  stop(): Promise<void>;
};

type ChatOutcome = "done" | "more" | "held" | { retryAt: Date } | "broken" | "lost";

/**
 * Sends the outbox to each business's Telegram chat, in (xid, id) order per chat (see
 * telegram-delivery.repo.ts: a row is read once every transaction before it has finished), advancing the
 * chat's cursor after every message (a crash repeats at most the one in flight; the advances of all chats
 * being served go to the database together). Chats are claimed with a lease, so with several instances each
 * message is sent by one of them, and many chats are served at once. A round starts right after this process writes outbox rows (a booking's
 * message leaves within a moment), when a postponed chat comes due, and on the shared scheduled check.
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
  const advanceCursor = createCursorAdvancer(db);
  /** Businesses whose rows this process wrote since the last round. */
  const nudged = new Set<string>();
  /** Chats postponed by this instance, with when they come due. */
  const waiting = new Map<string, number>();
  /** Chats whose committed rows wait for an older transaction to finish, and how long until the next look. */
  const heldChats = new Set<string>();
  let heldDelayMs = HELD_RETRY_MS;
  let heldTimer: ReturnType<typeof setTimeout> | undefined;
  let scanAll = false;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | null = null;

  const serveChat = async (chat: ClaimedConnection): Promise<ChatOutcome> => {
    let { lease, delivered: cursor, attempts } = chat;
    const context = { language: chat.language, timezone: chat.timezone, appOrigin: deps.appOrigin };
    for (;;) {
      const rows = await readOutboxAfter(db, chat.businessId, cursor, ROWS_PER_READ);
      if (rows.length === 0) {
        const { more, held } = await releaseConnection(db, { businessId: chat.businessId, lease });
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
              await markConnectionBroken(db, { businessId: chat.businessId, lease, now, reason });
              logger.warn(`Telegram refuses the chat of business ${chat.businessId}: ${reason}`);
              return "broken";
            }
            if (verdict.kind === "retry") {
              const retryAt = new Date(now.getTime() + verdict.waitMs);
              const postponed = { businessId: chat.businessId, lease, retryAt, attempts, error: reason };
              await postponeConnection(db, postponed);
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

  /** One round: claims what is due (among `businessIds`, or every chat) and serves it; whether to go on. */
  const round = async (businessIds: string[] | null): Promise<boolean> => {
    const now = clock();
    const chats = await claimDueConnections(db, {
      now,
      lease: new Date(now.getTime() + LEASE_MS),
      limit: CHATS_PER_ROUND,
      businessIds,
    });
    const outcomes = await Promise.all(
      chats.map((chat) =>
        serveChat(chat).catch((error: unknown): ChatOutcome => {
          // The database failed under us: the lease runs out and the chat is served again then.
          logger.error(`Telegram delivery to business ${chat.businessId} failed`, error);
          return { retryAt: new Date(now.getTime() + LEASE_MS) };
        }),
      ),
    );
    let more = chats.length === CHATS_PER_ROUND;
    for (const [i, outcome] of outcomes.entries()) {
      const { businessId } = chats[i]!;
      if (typeof outcome === "object") waiting.set(businessId, outcome.retryAt.getTime());
      else waiting.delete(businessId);
      if (outcome === "held") heldChats.add(businessId);
      if (outcome === "more") {
        nudged.add(businessId);
        more = true;
      }
    }
    return more;
  };

  const run = async () => {
    do {
      again = false;
      const full = scanAll;
      scanAll = false;
      const due = [...nudged, ...[...waiting].filter(([, at]) => at <= clock().getTime()).map(([id]) => id)];
      nudged.clear();
      if (!full && due.length === 0) break;
      try {
        if (await round(full ? null : due)) {
          again = true;
          scanAll ||= full;
        }
      } catch (error) {
        logger.warn("Telegram delivery could not claim chats; the next check tries again", error);
        break;
      }
    } while (again && !stopped);
    planRetryCheck();
    planHeldCheck();
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
      if (again && !stopped) kick();
    });
  };

  /** While chats wait for a retry, looks again soon (real time: a test may move the app's clock at will). */
  const planRetryCheck = () => {
    clearTimeout(retryTimer);
    if (stopped || waiting.size === 0) return;
    const soonest = Math.min(...waiting.values()) - clock().getTime();
    retryTimer = setTimeout(kick, Math.min(RETRY_CHECK_MS, Math.max(0, soonest)));
    retryTimer.unref();
  };

  /** While rows wait above the horizon, looks again soon (real time), less often the longer they wait. */
  const planHeldCheck = () => {
    if (stopped || heldChats.size === 0) {
      heldDelayMs = HELD_RETRY_MS;
      return;
    }
    if (heldTimer) return;
    heldTimer = setTimeout(() => {
      heldTimer = undefined;
      for (const id of heldChats) nudged.add(id);
      heldChats.clear();
      kick();
    }, heldDelayMs);
    heldTimer.unref();
    heldDelayMs = Math.min(RETRY_CHECK_MS, heldDelayMs * 2);
  };

  return {
    job: {
      name: "telegram-delivery",
      scope: "shared",
      everyMs: SCAN_EVERY_MS,
      runAtStart: true,
      run: async () => {
        scanAll = true;
        kick();
      },
    },
    start() {
      unsubscribe ??= onOutboxWritten((businessIds) => {
        for (const id of businessIds) nudged.add(id);
        // After the writer's own continuation: rows written together go out in one round.
        setImmediate(kick);
      });
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(retryTimer);
      clearTimeout(heldTimer);
      await running;
    },
  };
}
