import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { InlineKeyboardMarkup, TelegramUpdate } from "../../src/server/telegram/bot-api";
import { fakeHttpServer } from "./fake-http-server";

/*
 * A fake Telegram Bot API on 127.0.0.1 for one bot: what the server sends lands in per-chat message lists,
 * updates come from a queue the test fills (getUpdates) or are posted to the registered webhook, and
 * failures happen on demand. No test reaches the real Telegram.
 */

export type FakeMessage = {
  messageId: number;
  chatId: number;
  text: string;
  replyMarkup: InlineKeyboardMarkup | null;
  /** How many times editMessageText changed it. */
  edits: number;
};

export type FakeCall = { method: string; params: Record<string, unknown> };
export type FakeFrom = { id: number; username?: string; first_name?: string; language_code?: string };
type NewUpdate = Omit<TelegramUpdate, "update_id">;

const DEFAULT_TOKEN = "424242:fake-bot-token_abcdefghij";
const DEFAULT_USERNAME = "calldesk_test_bot";
const SENDING_METHODS = new Set(["sendMessage", "editMessageText"]);

export type FakeBotApiOptions = {
  token?: string;
  username?: string;
  /** The longest a getUpdates holds the request, whatever timeout it asks for (keeps stops quick). */
  maxPollSeconds?: number;
};

export type FakeBotApi = Awaited<ReturnType<typeof startFakeBotApi>>;

export async function startFakeBotApi(options: FakeBotApiOptions = {}) {
  const token = options.token ?? DEFAULT_TOKEN;
  const username = options.username ?? DEFAULT_USERNAME;
  const botId = Number(token.split(":")[0]);
  const maxPollMs = (options.maxPollSeconds ?? 1) * 1000;

  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const changed = () => changes.emit("change");

  const chats = new Map<number, FakeMessage[]>();
  const calls: FakeCall[] = [];
  const callbackAnswers: { callbackQueryId: string; text: string | null }[] = [];
  const queue: TelegramUpdate[] = [];
  const blocked = new Set<number>();
  const unknown = new Set<number>();
  const muted = new Set<number>();
  /** Groups upgraded to supergroups: the group's id → the supergroup's. */
  const upgraded = new Map<number, number>();
  let nextUpdateId = 1000;
  let nextCallbackId = 1;
  let webhook: { url: string; secretToken: string | null } | null = null;
  let rateLimited = { retryAfterSeconds: 0, times: 0 };
  let outageMode: "refused" | "502" | null = null;
  let closed = false;

  const messagesOf = (chatId: number) => {
    const list = chats.get(chatId) ?? [];
    chats.set(chatId, list);
    return list;
  };

  /**
   * A chat as the Bot API's Chat object has it (`id`, `type`): a user's private chat has the user's (positive)
   * id, a group a negative one, a supergroup's starts -100.
   */
  const chatOf = (chatId: number) => ({
    id: chatId,
    type: chatId > 0 ? "private" : chatId <= -1_000_000_000_000 ? "supergroup" : "group",
  });
  const unixNow = () => Math.floor(Date.now() / 1000);

  type Answer = { status: number; body: unknown };
  const okAnswer = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
  const refuse = (status: number, description: string, parameters?: object): Answer => ({
    status,
    body: { ok: false, error_code: status, description, ...(parameters && { parameters }) },
  });

  // As the Bot API server (tdlib/telegram-bot-api) words them; a migration names the supergroup in
  // `parameters` (ResponseParameters, core.telegram.org/bots/api#responseparameters).
  const chatRefusal = (chatId: number): Answer | null => {
    if (blocked.has(chatId)) return refuse(403, "Forbidden: bot was blocked by the user");
    if (unknown.has(chatId)) return refuse(400, "Bad Request: chat not found");
    const supergroup = upgraded.get(chatId);
    if (supergroup !== undefined) {
      return refuse(400, "Bad Request: group chat was upgraded to a supergroup chat", {
        migrate_to_chat_id: supergroup,
      });
    }
    if (muted.has(chatId))
      return refuse(400, "Bad Request: not enough rights to send text messages to the chat");
    return null;
  };

  const waitForUpdate = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        changes.off("update", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      changes.on("update", done);
    });

  const handlers: Record<string, (params: Record<string, unknown>) => Answer | Promise<Answer>> = {
    getMe: () => okAnswer({ id: botId, is_bot: true, first_name: "CallDesk test", username }),
    sendMessage: (params) => {
      const chatId = Number(params.chat_id);
      const refusal = chatRefusal(chatId);
      if (refusal) return refusal;
      const list = messagesOf(chatId);
      const sent: FakeMessage = {
        messageId: list.length + 1,
        chatId,
        text: String(params.text),
        replyMarkup: (params.reply_markup as InlineKeyboardMarkup | undefined) ?? null,
        edits: 0,
      };
      list.push(sent);
      return okAnswer({ message_id: sent.messageId, date: unixNow(), chat: chatOf(chatId), text: sent.text });
    },
    editMessageText: (params) => {
      const chatId = Number(params.chat_id);
      const refusal = chatRefusal(chatId);
      if (refusal) return refusal;
      const target = chats.get(chatId)?.find((m) => m.messageId === Number(params.message_id));
      if (!target) return refuse(400, "Bad Request: message to edit not found");
      target.text = String(params.text);
      target.replyMarkup = (params.reply_markup as InlineKeyboardMarkup | undefined) ?? null;
      target.edits += 1;
      return okAnswer({
        message_id: target.messageId,
        date: unixNow(),
        chat: chatOf(chatId),
        text: target.text,
        edit_date: unixNow(),
      });
    },
    answerCallbackQuery: (params) => {
      callbackAnswers.push({
        callbackQueryId: String(params.callback_query_id),
        text: typeof params.text === "string" ? params.text : null,
      });
      return okAnswer(true);
    },
    getUpdates: async (params) => {
      if (webhook) return refuse(409, "Conflict: can't use getUpdates method while webhook is active");
      const offset = Number(params.offset ?? 0);
      // Telegram forgets every update below the offset asked for: they are confirmed.
      while (queue.length > 0 && queue[0]!.update_id < offset) queue.shift();
      if (queue.length === 0 && Number(params.timeout ?? 0) > 0) {
        await waitForUpdate(Math.min(Number(params.timeout) * 1000, maxPollMs));
        while (queue.length > 0 && queue[0]!.update_id < offset) queue.shift();
      }
      return okAnswer(queue.slice(0, 100));
    },
    setWebhook: (params) => {
      webhook = {
        url: String(params.url),
        secretToken: typeof params.secret_token === "string" ? params.secret_token : null,
      };
      return okAnswer(true);
    },
    deleteWebhook: () => {
      webhook = null;
      return okAnswer(true);
    },
  };

  const readParams = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const query = Object.fromEntries(new URL(req.url ?? "/", "http://fake").searchParams);
    if (!text) return query;
    return { ...query, ...(JSON.parse(text) as Record<string, unknown>) };
  };

  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (outageMode === "502") {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><body>502 Bad Gateway</body></html>");
      return;
    }
    const match = /^\/bot([^/]+)\/(\w+)/.exec(new URL(req.url ?? "/", "http://fake").pathname);
    if (!match || match[1] !== token) return send(res, refuse(401, "Unauthorized"));
    const method = match[2]!;
    const handler = handlers[method];
    if (!handler) return send(res, refuse(404, "Not Found"));
    const params = await readParams(req);
    calls.push({ method, params });
    if (SENDING_METHODS.has(method) && rateLimited.times > 0) {
      rateLimited.times -= 1;
      const seconds = rateLimited.retryAfterSeconds;
      send(res, refuse(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds }));
    } else {
      send(res, await handler(params));
    }
    changed();
  };

  const http = fakeHttpServer(handle);
  const port = await http.listen();
  const url = `http://127.0.0.1:${port}`;

  const pushUpdate = (update: NewUpdate): number => {
    const full = { ...update, update_id: nextUpdateId++ } as TelegramUpdate;
    queue.push(full);
    changes.emit("update");
    return full.update_id;
  };

  const defaultFrom = (chatId: number): FakeFrom => ({
    id: chatId,
    username: `user${chatId}`,
    first_name: "Owner",
  });

  /** Resolves with `check`'s first defined answer, checked now and after every call the fake serves. */
  const waitUntil = <T>(check: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const now = check();
      if (now !== undefined) return resolve(now);
      const onChange = () => {
        const value = check();
        if (value === undefined) return;
        clearTimeout(timer);
        changes.off("change", onChange);
        resolve(value);
      };
      const timer = setTimeout(() => {
        changes.off("change", onChange);
        reject(new Error(`Fake Bot API: timed out waiting for ${what}`));
      }, timeoutMs);
      changes.on("change", onChange);
    });

  return {
    url,
    token,
    username,
    botId,
    /** The environment that points a CallDesk server at this fake. */
    env: { TELEGRAM_BOT_TOKEN: token, TELEGRAM_BOT_USERNAME: username, TELEGRAM_API_BASE_URL: url },
    /** Every call served, in order (failed ones included). */
    calls,
    callbackAnswers,
    get webhook() {
      return webhook;
    },
    /** The messages of a chat as they now read (edits applied), oldest first. */
    messages: (chatId: number): FakeMessage[] => [...(chats.get(chatId) ?? [])],
    /** Resolves with the chat's messages once it has at least `count`. */
    waitForMessages: (chatId: number, count: number) =>
      waitUntil(
        () => ((chats.get(chatId)?.length ?? 0) >= count ? [...chats.get(chatId)!] : undefined),
        `${count} message(s) in chat ${chatId}`,
      ),
    /** Resolves with the answer to a callback query (see pressButton) once the bot has given it. */
    waitForCallbackAnswer: (callbackQueryId: string) =>
      waitUntil(
        () => callbackAnswers.find((a) => a.callbackQueryId === callbackQueryId),
        `the answer to callback query ${callbackQueryId}`,
      ),
    waitUntil,
    pushUpdate,
    /** The owner sends `/start <code>` from a private chat (the chat ID is the user's ID, as in Telegram). */
    sendStart: (chatId: number, code: string, from: FakeFrom = defaultFrom(chatId)) =>
      pushUpdate({
        message: {
          message_id: messagesOf(chatId).length + 1,
          chat: { id: chatId },
          from,
          text: `/start ${code}`,
        },
      }),
    /** Someone presses an inline button under a message; returns the callback query's id. */
    pressButton: (chatId: number, messageId: number, data: string, from: FakeFrom = defaultFrom(chatId)) => {
      const id = `cbq-${nextCallbackId++}`;
      // As Telegram does, the query carries the message the button is under (when the bot sent it there).
      const text = chats.get(chatId)?.find((m) => m.messageId === messageId)?.text;
      const message = { message_id: messageId, chat: { id: chatId }, ...(text !== undefined && { text }) };
      pushUpdate({ callback_query: { id, from, message, data } });
      return id;
    },
    /** Posts an update to the registered webhook as Telegram would, at `origin` in place of the URL's own. */
    postWebhook: async (
      update: NewUpdate,
      options: { origin?: string; secretToken?: string | null } = {},
    ) => {
      if (!webhook) throw new Error("Fake Bot API: no webhook is set");
      const target = new URL(webhook.url);
      const url = options.origin ? `${options.origin}${target.pathname}` : target.href;
      const secret = options.secretToken === undefined ? webhook.secretToken : options.secretToken;
      return fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(secret !== null && { "x-telegram-bot-api-secret-token": secret }),
        },
        body: JSON.stringify({ ...update, update_id: nextUpdateId++ }),
      });
    },
    /**
     * Telegram unreachable: "refused" stops listening (connections refused), "502" answers every call with a
     * proxy's 502 page. `outage(false)` brings it back on the same address.
     */
    outage: async (on: boolean, mode: "refused" | "502" = "refused") => {
      if (on === (outageMode !== null)) return;
      if (!on) {
        if (outageMode === "refused") await http.listen(port);
        outageMode = null;
        return;
      }
      outageMode = mode;
      if (mode === "refused") await http.stop();
    },
    /** The next `times` sendMessage/editMessageText calls are refused with 429 and this retry_after. */
    rateLimit: (retryAfterSeconds: number, times: number) => {
      rateLimited = { retryAfterSeconds, times };
    },
    /** The user blocked the bot: every send to the chat is refused with 403. */
    blockChat: (chatId: number) => blocked.add(chatId),
    /** The bot cannot see the chat: every send is refused with 400 "chat not found". */
    unknownChat: (chatId: number) => unknown.add(chatId),
    /** The bot may no longer post in the group (restricted, or no longer an admin): sends are refused with 400. */
    muteChat: (chatId: number) => muted.add(chatId),
    /**
     * Telegram upgrades group `groupId` to supergroup `supergroupId`: sends to the group are refused with 400
     * and `migrate_to_chat_id`; with `tell`, the bot gets the two service messages as Telegram sends them (the
     * group's last, then the supergroup's first), queued for getUpdates. Answers those updates.
     */
    upgradeGroup: (groupId: number, supergroupId: number, options: { tell?: boolean } = {}) => {
      upgraded.set(groupId, supergroupId);
      // Message objects as Telegram sends them: `date` and the chat's `type` too, and who upgraded it.
      const service = (chatId: number, field: object) => ({
        message: {
          message_id: messagesOf(chatId).length + 1,
          date: unixNow(),
          chat: chatOf(chatId),
          from: { id: -groupId, is_bot: false, first_name: "Owner" },
          ...field,
        },
      });
      const updates = [
        service(groupId, { migrate_to_chat_id: supergroupId }),
        service(supergroupId, { migrate_from_chat_id: groupId }),
      ];
      if (options.tell) for (const update of updates) pushUpdate(update);
      return updates;
    },
    /** The user unblocked the bot (or it was added back, or may post again): sends go through again. */
    restoreChat: (chatId: number) => {
      blocked.delete(chatId);
      unknown.delete(chatId);
      muted.delete(chatId);
    },
    async close() {
      if (closed) return;
      closed = true;
      changes.emit("update");
      if (outageMode !== "refused") await http.stop();
    },
  };
}
