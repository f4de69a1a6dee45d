import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { telegramChatId } from "@shared/telegram.schema";
import { type Type, type } from "arktype";
import type { TelegramConfig } from "../config";

/*
 * A small client of the Telegram Bot API (https://core.telegram.org/bots/api): the methods CallDesk uses,
 * each answer checked against the part of Telegram's object we read. Every failure is one BotApiError.
 */

/** A button under a message; `callback_data` is at most 64 bytes (Telegram's limit). */
export type InlineKeyboardButton = { text: string; callback_data: string };
export type InlineKeyboardMarkup = { inline_keyboard: InlineKeyboardButton[][] };

export type SendOptions = { replyMarkup?: InlineKeyboardMarkup };

const user = type({
  id: "number.integer",
  "username?": "string",
  "first_name?": "string",
  /** The user's Telegram language, an IETF tag (`de`, `pt-br`). */
  "language_code?": "string",
});
// A chat id out of Telegram's range makes the update unreadable: skipped, never stored (it cannot be).
const chat = type({ id: telegramChatId });
const message = type({
  message_id: "number.integer",
  chat,
  "from?": user,
  "text?": "string",
  // Service messages of a group Telegram upgraded to a supergroup: the group's last, then the supergroup's first.
  "migrate_to_chat_id?": telegramChatId,
  "migrate_from_chat_id?": telegramChatId,
});
export const telegramUpdate = type({
  update_id: "number.integer",
  "message?": message,
  "callback_query?": {
    id: "string",
    from: user,
    "message?": message,
    "data?": "string",
  },
});
export type TelegramUpdate = typeof telegramUpdate.infer;
/** Any update, read no further than its id (webhook bodies, getUpdates answers). */
export const anyUpdate = type({ update_id: "number.integer" });

/** An update as far as the bot acts on it; one we cannot read comes bare, to be skipped, not to stall the rest. */
export function readUpdate(raw: typeof anyUpdate.infer): TelegramUpdate {
  const update = telegramUpdate(raw);
  return update instanceof type.errors ? { update_id: raw.update_id } : update;
}
export type TelegramUser = typeof user.infer;

const failureAnswer = type({
  ok: "false",
  "error_code?": "number.integer",
  "description?": "string",
  // Read loosely: a refusal stays one even if its new chat id were out of range (it is then ignored).
  "parameters?": { "retry_after?": "number", "migrate_to_chat_id?": "number" },
});

/*
 * Telegram's words (lower case) for a chat the bot may not post to until someone acts there: it is unknown to
 * the bot, the bot lost the right to send (restricted, no longer a channel's admin), the group is gone or was
 * upgraded (when Telegram names no supergroup), the topic messages go to is closed. Telegram gives no code for
 * these: the Bot API's answer has a "human-readable" `description` and an `error_code` whose "contents are
 * subject to change" (core.telegram.org/bots/api#making-requests). Its server words some refusals itself
 * ("not enough rights to send text messages to the chat"; older ones said "have no rights to send a
 * message") and passes others on as Telegram's capitals (`CHAT_WRITE_FORBIDDEN`): so parts of the texts
 * TDLib and tdlib/telegram-bot-api write, in any case. Every 403 is about the chat (blocked, kicked, not a
 * member, deactivated) and needs no list; any 400 not here concerns the one message ("message is too long",
 * "can't parse entities", a bad button).
 */
const CHAT_REFUSALS = [
  "chat not found",
  "not enough rights to send",
  "have no rights to send",
  "have no write access to the chat",
  "need administrator rights in the channel",
  "chat_write_forbidden",
  "chat_send_plain_forbidden",
  "chat_restricted",
  "chat_admin_required",
  "user_banned_in_channel",
  "channel_private",
  "peer_id_invalid",
  "group chat was deactivated",
  "group chat was upgraded to a supergroup",
  "topic_closed",
  "topic_deleted",
];

const successAnswer = type({ ok: "true", result: "unknown" });

/** The supergroup a refusal names, when it is a chat id at all. */
function movedTo(chatId: number | undefined): number | null {
  const checked = telegramChatId(chatId);
  return checked instanceof type.errors ? null : checked;
}

/**
 * Why a call failed. "refused": Telegram answered and said no (its HTTP status and description; 429 carries
 * `retryAfterSeconds`). "unreachable": no answer from Telegram (network, timeout, a 5xx or a body that is not
 * Telegram's), so the same call may well work later.
 */
export type BotApiFailureKind = "refused" | "unreachable";

export class BotApiError extends Error {
  constructor(
    readonly method: string,
    readonly kind: BotApiFailureKind,
    /** The HTTP status; null when no answer came. */
    readonly status: number | null,
    /** Telegram's own description, e.g. "Forbidden: bot was blocked by the user". */
    readonly description: string,
    /** 429: how long Telegram asks us to wait before the next call. */
    readonly retryAfterSeconds: number | null = null,
    /** 400 "group chat was upgraded to a supergroup chat": the supergroup's id, where the chat now is. */
    readonly migrateToChatId: number | null = null,
  ) {
    super(`Telegram ${method} failed: ${status ?? "no answer"} ${description}`);
    this.name = "BotApiError";
  }

  /**
   * Telegram will refuse this chat again until someone acts: the bot was blocked or removed (403), the chat
   * does not exist for the bot, or the bot may not post there (a 400 in CHAT_REFUSALS). Retrying does not
   * help; reconnecting does. A group upgraded to a supergroup is one too, unless whoever sent follows
   * `migrateToChatId` to the supergroup (delivery does).
   */
  get permanentForChat(): boolean {
    if (this.kind !== "refused") return false;
    const said = this.description.toLowerCase();
    return (
      this.status === 403 || (this.status === 400 && CHAT_REFUSALS.some((words) => said.includes(words)))
    );
  }
}

export type BotApi = {
  getMe(): Promise<{ id: number; username: string }>;
  sendMessage(chatId: number, text: string, options?: SendOptions): Promise<{ messageId: number }>;
  editMessageText(chatId: number, messageId: number, text: string, options?: SendOptions): Promise<void>;
  answerCallbackQuery(callbackQueryId: string, text?: string): Promise<void>;
  /** Long poll: Telegram holds the request up to `timeoutSeconds` while it has nothing newer than `offset`. */
  getUpdates(options: {
    offset: number;
    timeoutSeconds: number;
    signal?: AbortSignal;
  }): Promise<TelegramUpdate[]>;
  setWebhook(url: string, secretToken: string): Promise<void>;
  deleteWebhook(): Promise<void>;
};

/** The bot's own id, the token's first part (`<bot id>:<secret>`): keys what is stored per bot. */
export const botIdOf = (botToken: string) => Number(botToken.slice(0, botToken.indexOf(":")));

/** How long a call may take beyond the long poll's own wait before it counts as unreachable. */
const CALL_TIMEOUT_MS = 15_000;
/** The updates the bot acts on; Telegram then keeps the rest (edits, reactions…) to itself. */
const ALLOWED_UPDATES = ["message", "callback_query"];

const reply = (options?: SendOptions) => (options?.replyMarkup ? { reply_markup: options.replyMarkup } : {});

/** The status and whole body of a POST of `body` (JSON) to `url`, through `agent`'s kept-alive connections. */
function postJson(
  url: URL,
  body: string,
  agent: HttpAgent,
  signal: AbortSignal,
): Promise<{ status: number; text: string }> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
    const sent = request(url, { method: "POST", agent, headers, signal }, (response: IncomingMessage) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

export function createBotApi(config: Pick<TelegramConfig, "botToken" | "apiBaseUrl">): BotApi {
  // node:http with kept-alive connections: global fetch (undici) cost ~10 ms of CPU per message sent.
  const agent = config.apiBaseUrl.startsWith("https:")
    ? new HttpsAgent({ keepAlive: true })
    : new HttpAgent({ keepAlive: true });
  const call = async <S extends Type>(
    method: string,
    params: Record<string, unknown>,
    result: S,
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<S["infer"]> => {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? CALL_TIMEOUT_MS);
    let response: { status: number; text: string };
    try {
      response = await postJson(
        new URL(`${config.apiBaseUrl}/bot${config.botToken}/${method}`),
        JSON.stringify(params),
        agent,
        options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
      );
    } catch (error) {
      // Our own stop (the caller's signal), not Telegram's silence: the caller handles it.
      if (options.signal?.aborted) throw error;
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : "";
      throw new BotApiError(method, "unreachable", null, reason || "no answer");
    }
    const { status, text } = response;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const failed = failureAnswer(body);
    if (!(failed instanceof type.errors) && status < 500) {
      throw new BotApiError(
        method,
        "refused",
        failed.error_code ?? status,
        failed.description ?? "",
        failed.parameters?.retry_after ?? null,
        movedTo(failed.parameters?.migrate_to_chat_id),
      );
    }
    const answer = successAnswer(body);
    const value = answer instanceof type.errors ? answer : result(answer.result);
    if (value instanceof type.errors || status < 200 || status > 299) {
      throw new BotApiError(method, "unreachable", status, `unexpected answer: ${text.slice(0, 200)}`);
    }
    return value;
  };

  const done = type("unknown");
  return {
    async getMe() {
      const me = await call("getMe", {}, type({ id: "number.integer", username: "string" }));
      return { id: me.id, username: me.username };
    },
    async sendMessage(chatId, text, options) {
      const sent = await call("sendMessage", { chat_id: chatId, text, ...reply(options) }, message);
      return { messageId: sent.message_id };
    },
    async editMessageText(chatId, messageId, text, options) {
      await call(
        "editMessageText",
        { chat_id: chatId, message_id: messageId, text, ...reply(options) },
        done,
      );
    },
    async answerCallbackQuery(callbackQueryId, text) {
      await call("answerCallbackQuery", { callback_query_id: callbackQueryId, ...(text && { text }) }, done);
    },
    async getUpdates({ offset, timeoutSeconds, signal }) {
      const updates = await call(
        "getUpdates",
        { offset, timeout: timeoutSeconds, allowed_updates: ALLOWED_UPDATES },
        anyUpdate.array(),
        { timeoutMs: timeoutSeconds * 1000 + CALL_TIMEOUT_MS, signal },
      );
      return updates.map(readUpdate);
    },
    async setWebhook(url, secretToken) {
      await call("setWebhook", { url, secret_token: secretToken, allowed_updates: ALLOWED_UPDATES }, done);
    },
    async deleteWebhook() {
      await call("deleteWebhook", {}, done);
    },
  };
}
