import { createHmac } from "node:crypto";
import type { TelegramConfig } from "../config";
import type { ScheduledJob } from "../scheduler/scheduler";
import type { BotApi } from "./bot-api";

export const WEBHOOK_BASE_PATH = "/api/telegram/webhook";
/** Telegram's header carrying the secret_token given to setWebhook. */
export const SECRET_TOKEN_HEADER = "x-telegram-bot-api-secret-token";

/**
 * The webhook's path segment and secret token, derived from the bot token: the same on every instance and
 * across restarts without storing anything, and unguessable to whoever lacks the token.
 */
export function webhookSecrets(config: Pick<TelegramConfig, "botToken">) {
  const derive = (purpose: string) =>
    createHmac("sha256", config.botToken).update(purpose).digest("base64url");
  return {
    path: derive("calldesk webhook path").slice(0, 32),
    secretToken: derive("calldesk webhook secret"),
  };
}

/**
 * Tells Telegram where to post updates, at start and then now and then (setWebhook is idempotent): a
 * failure at start is tried again rather than leaving the bot deaf.
 */
export function webhookRegistrationJob(deps: {
  api: BotApi;
  telegram: TelegramConfig;
  publicUrl: string;
}): ScheduledJob {
  const { path, secretToken } = webhookSecrets(deps.telegram);
  return {
    name: "telegram.webhook",
    everyMs: 10 * 60_000,
    scope: "instance",
    runAtStart: true,
    run: () => deps.api.setWebhook(`${deps.publicUrl}${WEBHOOK_BASE_PATH}/${path}`, secretToken),
  };
}
