import { randomBytes } from "node:crypto";
import { DEFAULT_LANGUAGE } from "@shared/languages";
import {
  type TelegramStatus,
  telegramConnectBody,
  telegramLink,
  telegramLinkState,
  telegramStatus,
} from "@shared/telegram.schema";
import type { Context } from "hono";
import { recordAudit } from "../audit/audit.repo";
import { findBusiness } from "../company/businesses.repo";
import type { TelegramConfig } from "../config";
import type { Executor } from "../db/database";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps, AppEnv } from "../http/app-env";
import { ok } from "../http/respond";
import { sameSecret } from "../http/same-secret";
import { outboxWritten } from "../outbox/outbox-signal";
import { Refusal } from "../refusal";
import { anyUpdate, type BotApi, BotApiError, readUpdate } from "./bot-api";
import { connectedMessage } from "./bot-replies";
import { telegramLinkExample, telegramStatusExample } from "./telegram.examples";
import {
  deleteTelegramConnection,
  findLinkCode,
  findTelegramConnection,
  insertLinkCode,
  languageOf,
  upsertTelegramConnection,
} from "./telegram-link.repo";
import { handleUpdate } from "./update-handler";
import { SECRET_TOKEN_HEADER, WEBHOOK_BASE_PATH, webhookSecrets } from "./webhook";

/** How long the connect dialog's code is good for: time enough to open Telegram and press Start. */
export const LINK_TTL_MS = 15 * 60_000;
/** Spec 8: what the connect dialog shows when Telegram refuses the chat (the client shows its own words). */
export const CONNECT_REFUSED = "Failed to connect Telegram. Please check your chat ID.";
const NO_LINK = "No such link code";

const notConfigured = () =>
  new Refusal(
    "UNAVAILABLE",
    "Telegram is not configured on this server: set TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME",
  );

async function statusOf(db: Executor, businessId: string, configured: boolean): Promise<TelegramStatus> {
  const connection = await findTelegramConnection(db, businessId);
  return {
    configured,
    connected: connection !== null,
    connectedAt: connection?.connectedAt.toISOString() ?? null,
    brokenAt: connection?.brokenAt?.toISOString() ?? null,
  };
}

/**
 * Sends the connect dialog's test message; answers the chat that took it. The ID of a group Telegram upgraded
 * to a supergroup (an owner's note from before, the group's old `/start` answer) is refused with the
 * supergroup's ID: the message, and the connection, go there.
 */
async function sendTestMessage(api: BotApi, chatId: number, text: string): Promise<number> {
  try {
    await api.sendMessage(chatId, text);
    return chatId;
  } catch (error) {
    if (!(error instanceof BotApiError) || error.migrateToChatId === null) throw error;
    await api.sendMessage(error.migrateToChatId, text);
    return error.migrateToChatId;
  }
}

/**
 * The business's Telegram chat (spec 3 "Messaging-bot status", spec 7 "Messaging bot"): the connect dialog's
 * deep link and its code, connect (with a test message) and disconnect; and, when PUBLIC_URL is set,
 * Telegram's webhook.
 */
export function telegramRoutes(
  deps: Pick<AppDeps, "db" | "clock" | "logger" | "config">,
  guards: RouteGuards,
  api: BotApi | null,
) {
  const { db, clock, logger } = deps;
  const telegram = deps.config.telegram;
  const router = new ApiRouter("/api/telegram", guards);
  const bot = (): { telegram: TelegramConfig; api: BotApi } => {
    if (!telegram || !api) throw notConfigured();
    return { telegram, api };
  };
  const businessOf = (c: Context<AppEnv>) => c.get("auth").businessId;

  router.add(
    {
      method: "get",
      path: "/status",
      summary: "Whether the business has a Telegram chat connected (and whether the server has a bot at all)",
      auth: "user",
      response: telegramStatus,
      examples: { response: telegramStatusExample },
      errors: [],
    },
    async (c) => ok(c, await statusOf(db, businessOf(c), telegram !== null)),
  );

  router.add(
    {
      method: "post",
      path: "/link",
      summary: "Step 1 of connecting: a one-time code and the bot's deep link carrying it",
      description: `The code is good for ${LINK_TTL_MS / 60_000} minutes. 503 when the server has no bot configured.`,
      auth: "user",
      response: telegramLink,
      status: 201,
      examples: { response: telegramLinkExample },
      errors: ["UNAVAILABLE"],
    },
    async (c) => {
      const { telegram } = bot();
      const now = clock();
      const code = randomBytes(16).toString("base64url");
      const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
      await insertLinkCode(db, { code, businessId: businessOf(c), expiresAt, now });
      const deepLink = `https://t.me/${telegram.botUsername}?start=${code}`;
      return ok(
        c,
        { code, deepLink, botUsername: telegram.botUsername, expiresAt: expiresAt.toISOString() },
        201,
      );
    },
  );

  router.add(
    {
      method: "get",
      path: "/link/:code",
      summary: "The chat the bot saw the code from (`/start <code>`), null until then",
      description: "404 for another business's code, and for one that expired before any chat sent it.",
      auth: "user",
      response: telegramLinkState,
      examples: { response: { chatId: 123456789 } },
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const code = c.req.param("code") ?? "";
      const link = /^[\w-]{1,64}$/.test(code) ? await findLinkCode(db, businessOf(c), code, clock()) : null;
      if (!link) throw new Refusal("NOT_FOUND", NO_LINK);
      return ok(c, { chatId: link.chatId });
    },
  );

  router.add(
    {
      method: "post",
      path: "/connect",
      summary:
        "Connect a chat: the bot sends it a test message, and the chat is stored once Telegram took it",
      description:
        "Telegram refusing the chat (unknown to the bot, bot blocked) is a 400 on `chatId` with spec 8's message; " +
        "Telegram unreachable is a 503 and nothing is stored. A group Telegram upgraded to a supergroup is " +
        "connected as the supergroup. Notifications start with what happens next.",
      auth: "user",
      body: telegramConnectBody,
      response: telegramStatus,
      examples: { body: { chatId: 123456789 }, response: telegramStatusExample },
      errors: ["UNAVAILABLE"],
    },
    async (c, { body }) => {
      const { api } = bot();
      const businessId = businessOf(c);
      const business = await findBusiness(db, businessId);
      const language = languageOf(business?.language ?? DEFAULT_LANGUAGE);
      let chatId: number;
      try {
        chatId = await sendTestMessage(
          api,
          body.chatId,
          connectedMessage(language, business?.name ?? "CallDesk"),
        );
      } catch (error) {
        if (!(error instanceof BotApiError)) throw error;
        logger.info(`Telegram refused connecting chat ${body.chatId}: ${error.message}`);
        if (error.kind === "refused" && error.status !== 429) {
          throw new Refusal("VALIDATION", CONNECT_REFUSED, { field: "chatId" });
        }
        throw new Refusal("UNAVAILABLE", "Telegram could not be reached; try again in a moment");
      }
      const now = clock();
      await db.transaction(async (tx) => {
        await upsertTelegramConnection(tx, { businessId, chatId, formerChatId: body.chatId, now });
        const actor = { userId: c.get("auth").userId };
        await recordAudit(tx, { businessId, actor, at: now, action: "telegram.connected", details: {} });
      });
      // A chat connected again may have messages that waited while it was broken: send them now.
      outboxWritten([businessId]);
      return ok(c, await statusOf(db, businessId, true));
    },
  );

  router.add(
    {
      method: "post",
      path: "/disconnect",
      summary: "Disconnect the business's chat; nothing more is sent to it",
      auth: "user",
      response: telegramStatus,
      examples: { response: { ...telegramStatusExample, connected: false, connectedAt: null } },
      errors: [],
    },
    async (c) => {
      const { businessId, userId } = c.get("auth");
      await db.transaction(async (tx) => {
        // Disconnecting what is not connected changes nothing, and records nothing.
        if (!(await deleteTelegramConnection(tx, businessId))) return;
        const actor = { userId };
        await recordAudit(tx, {
          businessId,
          actor,
          at: clock(),
          action: "telegram.disconnected",
          details: {},
        });
      });
      return ok(c, await statusOf(db, businessId, telegram !== null));
    },
  );

  if (telegram && api && deps.config.publicUrl) {
    const secrets = webhookSecrets(telegram);
    router.add(
      {
        method: "post",
        path: `${WEBHOOK_BASE_PATH.slice("/api/telegram".length)}/:secret`,
        summary: "Telegram's webhook (PUBLIC_URL set): one update, as Telegram posts it",
        description: `The path's secret and the ${SECRET_TOKEN_HEADER} header are derived from the bot token.`,
        body: anyUpdate,
        response: null,
        errors: ["UNAUTHENTICATED", "NOT_FOUND"],
      },
      async (c, { body }) => {
        if (!sameSecret(c.req.param("secret"), secrets.path)) throw new Refusal("NOT_FOUND", "Not found");
        if (!sameSecret(c.req.header(SECRET_TOKEN_HEADER), secrets.secretToken)) {
          throw new Refusal("UNAUTHENTICATED", "Wrong secret token");
        }
        try {
          await handleUpdate({ db, clock, logger, api }, readUpdate(body));
        } catch (error) {
          // Telegram refusing the bot's answer: posting the update again would not help. (Our own failures
          // answer 500, and Telegram posts again later.)
          if (!(error instanceof BotApiError)) throw error;
          logger.warn(`Telegram update ${body.update_id} could not be handled`, error);
        }
        return ok(c, null);
      },
    );
  }

  return router;
}
