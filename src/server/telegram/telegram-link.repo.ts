import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "@shared/languages";
import { and, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit.repo";
import type { Database, Executor, Transaction } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { businesses } from "../db/schema/businesses.schema";
import {
  type TelegramConnectionRow,
  telegramButtons,
  telegramConnections,
  telegramLinkCodes,
} from "../db/schema/telegram.schema";
import { newestOutboxRow } from "../outbox/newest-outbox-row";
import { DUE_AT_ONCE, held } from "../outbox/outbox-cursor.repo";

/** A business's language as stored (the column's check keeps it one of the six). */
export const languageOf = (stored: string): LanguageCode =>
  isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;

/** Stores a new one-time code of the connect dialog, clearing the business's expired ones on the way. */
export async function insertLinkCode(
  db: Executor,
  link: { code: string; businessId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .delete(telegramLinkCodes)
    .where(
      and(eq(telegramLinkCodes.businessId, link.businessId), lte(telegramLinkCodes.expiresAt, link.now)),
    );
  await db
    .insert(telegramLinkCodes)
    .values({ code: link.code, businessId: link.businessId, expiresAt: link.expiresAt });
}

/** Deletes every business's codes that expired before `before`; answers how many. */
export async function purgeExpiredLinkCodes(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(telegramLinkCodes)
    .where(lte(telegramLinkCodes.expiresAt, before))
    .returning({ code: telegramLinkCodes.code });
  return deleted.length;
}

/**
 * The business's code as the dialog polls it; null when the code is not this business's, or expired
 * before any chat sent it (the bot will not take it any more). A code a chat sent stays readable.
 */
export async function findLinkCode(db: Executor, businessId: string, code: string, now: Date) {
  const [row] = await db
    .select({ chatId: telegramLinkCodes.chatId })
    .from(telegramLinkCodes)
    .where(
      and(
        eq(telegramLinkCodes.businessId, businessId),
        eq(telegramLinkCodes.code, code),
        or(isNotNull(telegramLinkCodes.chatId), gt(telegramLinkCodes.expiresAt, now)),
      ),
    );
  return row ?? null;
}

/**
 * Records the chat that sent `/start <code>` while the code is valid (the first chat keeps it), and names
 * the business's language for the bot's answer; null for an unknown or expired code.
 */
export async function recordLinkChat(db: Executor, code: string, chatId: number, now: Date) {
  const [row] = await db
    .update(telegramLinkCodes)
    .set({ chatId: sql`coalesce(${telegramLinkCodes.chatId}, ${chatId})` })
    .from(businesses)
    .where(
      and(
        eq(telegramLinkCodes.code, code),
        gt(telegramLinkCodes.expiresAt, now),
        eq(businesses.id, telegramLinkCodes.businessId),
      ),
    )
    .returning({ language: businesses.language });
  return row ? { language: languageOf(row.language) } : null;
}

/**
 * The language of the business a `/start` that linked nothing came for: the one that made its (expired)
 * code, else the one this chat is connected to (the latest connected); null when none knows it.
 */
export async function findChatLanguage(
  db: Executor,
  chatId: number,
  code: string | null,
): Promise<LanguageCode | null> {
  const rows = await rawRows<{ language: string }>(
    db,
    sql`select b.language from (
        select business_id, 0 as rank, null::timestamptz as at from telegram_link_codes where code = ${code}
        union all
        select business_id, 1, connected_at from telegram_connections where chat_id = ${chatId}::bigint
      ) known
      join businesses b on b.id = known.business_id
      order by known.rank, known.at desc
      limit 1`,
  );
  return rows[0] ? languageOf(rows[0].language) : null;
}

export async function findTelegramConnection(
  db: Executor,
  businessId: string,
): Promise<TelegramConnectionRow | null> {
  const [row] = await db
    .select()
    .from(telegramConnections)
    .where(eq(telegramConnections.businessId, businessId));
  return row ?? null;
}

/**
 * Connects (or reconnects) the business's chat; a broken connection is whole again. A new chat hears of what
 * happens from now on (delivery starts after the business's newest outbox row); the same chat connected again
 * (after the bot was blocked and unblocked) keeps its place, so the messages that waited meanwhile arrive; so
 * does a group's connection when the owner enters the group's ID again and `chatId` is its supergroup's.
 */
export async function upsertTelegramConnection(
  db: Executor,
  input: { businessId: string; chatId: number; now: Date; formerChatId?: number },
): Promise<TelegramConnectionRow> {
  const newest = newestOutboxRow(input.businessId);
  const fresh = {
    chatId: input.chatId,
    connectedAt: input.now,
    deliveredThroughId: newest.id,
    deliveredThroughXid: newest.xid,
    attempts: 0,
    nextAttemptAt: DUE_AT_ONCE,
    lastError: null,
    brokenAt: null,
    brokenReason: null,
  };
  const sameChat = sql`${telegramConnections.chatId} in (excluded.chat_id, ${input.formerChatId ?? null}::bigint)`;
  const [row] = await db
    .insert(telegramConnections)
    .values({ businessId: input.businessId, ...fresh })
    .onConflictDoUpdate({
      target: telegramConnections.businessId,
      set: {
        ...fresh,
        deliveredThroughId: sql`case when ${sameChat}
          then ${telegramConnections.deliveredThroughId} else excluded.delivered_through_id end`,
        deliveredThroughXid: sql`case when ${sameChat}
          then ${telegramConnections.deliveredThroughXid} else excluded.delivered_through_xid end`,
      },
    })
    .returning();
  return row!;
}

/** Telegram upgraded a group to a supergroup, whose id is the chat's from then on (the group's is refused). */
export type ChatMigration = { from: number; to: number; now: Date };

/** Records, in its business's audit log, each connection a migration moved (the server acted, not staff). */
async function recordMoved(tx: Transaction, businessIds: string[], now: Date): Promise<void> {
  for (const businessId of businessIds) {
    await recordAudit(tx, {
      businessId,
      actor: "system",
      at: now,
      action: "telegram.chat_migrated",
      details: {},
    });
  }
}

/**
 * Moves every connection of group `from` to its supergroup `to`, keeping its place in the outbox (an update
 * told of the migration: the group's last message or the supergroup's first, so usually twice). One broken
 * while on the group is whole again: the group's refusal, the upgrade's or another (the bot, which hears of
 * the upgrade, is in the supergroup), no longer stands, and the supergroup takes what waited or refuses it
 * (broken again, with its reason). Due at once, which also ends any sender's lease: a refusal of the group on
 * its way back must not break the supergroup (its holder finds the lease lost and lets the chat be served
 * afresh). Answers the businesses moved: none the second time.
 */
export async function moveTelegramChat(db: Database, { from, to, now }: ChatMigration): Promise<string[]> {
  return db.transaction(async (tx) => {
    const moved = await rawRows<{ businessId: string }>(
      tx,
      sql`update telegram_connections set chat_id = ${to}::bigint, broken_at = null, broken_reason = null,
          next_attempt_at = ${DUE_AT_ONCE.toISOString()}::timestamptz
        where chat_id = ${from}::bigint
        returning business_id as "businessId"`,
    );
    const businessIds = moved.map((row) => row.businessId);
    await recordMoved(tx, businessIds, now);
    return businessIds;
  });
}

/**
 * Moves the connection delivery holds until `lease` from group `from` to its supergroup `to`, as Telegram's
 * refusal of a message said. Guarded by the lease, so of two instances only the holder writes, once: "moved"
 * (recorded), "there" (an update moved it first), or "lost" (another instance serves the chat now, or the
 * owner reconnected it meanwhile).
 */
export async function moveHeldTelegramChat(
  db: Database,
  input: ChatMigration & { businessId: string; lease: Date },
): Promise<"moved" | "there" | "lost"> {
  const { businessId, lease, from, to, now } = input;
  return db.transaction(async (tx) => {
    const [row] = await rawRows<{ moved: boolean; there: boolean }>(
      tx,
      sql`with moved as (
          update telegram_connections set chat_id = ${to}::bigint
          where ${held(businessId, lease)} and chat_id = ${from}::bigint
          returning 1
        )
        select exists (select from moved) as moved,
          exists (select from telegram_connections where ${held(businessId, lease)} and chat_id = ${to}::bigint)
            as there`,
    );
    if (row?.moved) {
      await recordMoved(tx, [businessId], now);
      return "moved";
    }
    return row?.there ? "there" : "lost";
  });
}

/** Whether the business had a chat connected. */
export async function deleteTelegramConnection(db: Executor, businessId: string): Promise<boolean> {
  const deleted = await db
    .delete(telegramConnections)
    .where(eq(telegramConnections.businessId, businessId))
    .returning({ businessId: telegramConnections.businessId });
  return deleted.length > 0;
}

/**
 * What a button's token stands for, with the chat its business is connected to now (null: none) and the
 * business's language; null for a token no button has.
 */
export async function findButton(db: Executor, token: string) {
  const [row] = await db
    .select({
      businessId: telegramButtons.businessId,
      bookingId: telegramButtons.bookingId,
      bookingVersion: telegramButtons.bookingVersion,
      connectedChatId: telegramConnections.chatId,
      language: businesses.language,
    })
    .from(telegramButtons)
    .innerJoin(businesses, eq(businesses.id, telegramButtons.businessId))
    .leftJoin(telegramConnections, eq(telegramConnections.businessId, telegramButtons.businessId))
    .where(eq(telegramButtons.token, token));
  return row ? { ...row, language: languageOf(row.language) } : null;
}
