import { type } from "arktype";

/**
 * GET /api/telegram/status (spec 3 "Messaging-bot status", spec 7 envelope). Beyond the spec: whether the
 * server has a bot at all (`configured`: TELEGRAM_BOT_TOKEN set), and `brokenAt` when Telegram refused to
 * deliver (the bot was blocked): the card then offers to reconnect.
 */
export const telegramStatus = type({
  configured: "boolean",
  connected: "boolean",
  connectedAt: "string | null",
  brokenAt: "string | null",
});
export type TelegramStatus = typeof telegramStatus.infer;

/**
 * Telegram's chat ids "have at most 52 significant bits" (Bot API, Chat.id): anything beyond names no chat, and
 * would overflow the bigint column besides.
 */
export const MAX_TELEGRAM_CHAT_ID = 2 ** 52 - 1;
export const telegramChatId = type("number.integer")
  .atLeast(-MAX_TELEGRAM_CHAT_ID)
  .atMost(MAX_TELEGRAM_CHAT_ID)
  .describe("a Telegram chat ID (an integer of at most 52 bits)");

/** POST /api/telegram/connect (spec 7): the chat ID is a number (spec 5: it must parse as an integer). */
export const telegramConnectBody = type({ "+": "reject", chatId: telegramChatId });
export type TelegramConnectBody = typeof telegramConnectBody.infer;

/**
 * POST /api/telegram/link: step 1 of the connect dialog. `deepLink` opens the bot with a one-time `code`
 * as its start parameter; GET /api/telegram/link/:code answers `chatId` once the bot has seen that code
 * sent from a chat (step 3 fills it in by itself), null until then.
 */
export const telegramLink = type({
  code: "string",
  deepLink: "string",
  botUsername: "string",
  expiresAt: "string",
});
export type TelegramLink = typeof telegramLink.infer;
export const telegramLinkState = type({ chatId: telegramChatId.or("null") });
export type TelegramLinkState = typeof telegramLinkState.infer;
