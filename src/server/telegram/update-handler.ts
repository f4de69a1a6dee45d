import type { ApiErrorCode } from "@shared/error-codes";
import { DEFAULT_LANGUAGE } from "@shared/languages";
import { findBookingRow } from "../bookings/booking-lookups.repo";
import { changeBooking } from "../bookings/bookings-write.repo";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { outboxWritten } from "../outbox/outbox-signal";
import { Refusal } from "../refusal";
import { readButtonData } from "./booking-buttons";
import type { BotApi, TelegramUpdate, TelegramUser } from "./bot-api";
import {
  changedAnswer,
  chatIdReply,
  notAllowedAnswer,
  outcomeLine,
  staleAnswer,
  unknownButtonAnswer,
  userLanguage,
} from "./bot-replies";
import {
  type ChatMigration,
  findButton,
  findChatLanguage,
  moveTelegramChat,
  recordLinkChat,
} from "./telegram-link.repo";

export type UpdateDeps = { db: Database; clock: Clock; logger: Logger; api: BotApi };

type CallbackQuery = NonNullable<TelegramUpdate["callback_query"]>;
type Message = NonNullable<TelegramUpdate["message"]>;

/** `/start`, `/start <code>` or `/start@<bot> <code>` (the deep link's start parameter). */
/** Refusals of a button pressed on a booking someone changed meanwhile: answered with how it is now. */
const CHANGED_MEANWHILE = new Set<ApiErrorCode>([
  "NOT_FOUND",
  "BOOKING_CHANGED",
  "BOOKING_STATUS",
  "BOOKING_NOT_STARTED",
  "SLOT_TAKEN",
]);

const START = /^\/start(?:@\w+)?(?:\s+([\w-]{1,64}))?\s*$/;

/** How the timeline and the message name whoever pressed a button. */
const nameOf = (user: TelegramUser) =>
  user.username ? `@${user.username}` : (user.first_name ?? String(user.id));

/**
 * Acts on one update from Telegram, however it came (long poll or webhook): `/start` answers with the chat
 * ID (and records it against the dialog's code), a button press confirms or cancels its booking, a group
 * upgraded to a supergroup moves the connections to it along. Anything else is ignored. Telegram's own
 * failures are left to the caller.
 */
export async function handleUpdate(deps: UpdateDeps, update: TelegramUpdate): Promise<void> {
  if (update.callback_query) return handleButton(deps, update.callback_query);
  const message = update.message;
  const migration = message ? migrationOf(message) : null;
  if (migration) return followMigration(deps, migration);
  const start = message?.text ? START.exec(message.text) : null;
  if (!message || !start) return;
  const chatId = message.chat.id;
  const code = start[1];
  const linked = code ? await recordLinkChat(deps.db, code, chatId, deps.clock()) : null;
  // Unlinked: the language of a business that knows this chat (or made the code), else the user's own.
  const language =
    linked?.language ??
    (await findChatLanguage(deps.db, chatId, code ?? null)) ??
    userLanguage(message.from?.language_code);
  await deps.api.sendMessage(chatId, chatIdReply(chatId, language, linked !== null));
}

/**
 * The service messages of a group Telegram upgraded to a supergroup: the group's last names the supergroup
 * (`migrate_to_chat_id`), the supergroup's first names the group (`migrate_from_chat_id`).
 */
function migrationOf(message: Message): Omit<ChatMigration, "now"> | null {
  const { chat, migrate_to_chat_id: to, migrate_from_chat_id: from } = message;
  if (to !== undefined) return { from: chat.id, to };
  return from === undefined ? null : { from, to: chat.id };
}

/**
 * Connections to the group follow it to the supergroup before a message is refused for it; one broken on the
 * group sends what waited there at once.
 */
async function followMigration(deps: UpdateDeps, migration: Omit<ChatMigration, "now">): Promise<void> {
  const moved = await moveTelegramChat(deps.db, { ...migration, now: deps.clock() });
  for (const businessId of moved) {
    deps.logger.info(`Telegram moved the chat of business ${businessId} to supergroup ${migration.to}`);
  }
  outboxWritten(moved);
}

async function handleButton(deps: UpdateDeps, query: CallbackQuery): Promise<void> {
  const { db, api } = deps;
  const button = query.data ? readButtonData(query.data) : null;
  const target = button ? await findButton(db, button.token) : null;
  if (!button || !target) return api.answerCallbackQuery(query.id, unknownButtonAnswer(DEFAULT_LANGUAGE));
  const { language } = target;
  const message = query.message;
  if (!message || target.connectedChatId !== message.chat.id) {
    return api.answerCallbackQuery(query.id, notAllowedAnswer(language));
  }
  const by = nameOf(query.from);
  try {
    const changed = await changeBooking(db, {
      businessId: target.businessId,
      bookingId: target.bookingId,
      actor: { kind: "telegram", id: String(query.from.id), name: by },
      event: { type: button.action === "confirm" ? "booking.confirm" : "booking.cancel" },
      expectedVersion: target.bookingVersion,
      now: deps.clock(),
    });
    const line = outcomeLine(language, changed.status, by);
    // Independent: a query answered too late (Telegram refuses it after a while) still gets its message edited.
    const sent = await Promise.allSettled([
      api.editMessageText(
        message.chat.id,
        message.message_id,
        message.text ? `${message.text}\n\n${line}` : line,
      ),
      api.answerCallbackQuery(query.id, changedAnswer(language, changed.status)),
    ]);
    const failed = sent.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  } catch (error) {
    // Changed meanwhile (another version, a status the action does not apply to, or gone): say how it is now.
    if (!(error instanceof Refusal) || !CHANGED_MEANWHILE.has(error.code)) throw error;
    const now = await findBookingRow(db, target.businessId, target.bookingId);
    await api.answerCallbackQuery(query.id, staleAnswer(language, now?.status ?? null));
  }
}
