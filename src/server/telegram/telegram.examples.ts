import type { TelegramLink, TelegramStatus } from "@shared/telegram.schema";

/** Examples for the OpenAPI document (checked against their schemas when the routes are registered). */

export const telegramStatusExample: TelegramStatus = {
  configured: true,
  connected: true,
  connectedAt: "2026-03-02T14:05:00.000Z",
  brokenAt: null,
};

export const telegramLinkExample: TelegramLink = {
  code: "k3J9dQ2vXn8LpR4sT6wYzA",
  deepLink: "https://t.me/calldesk_bot?start=k3J9dQ2vXn8LpR4sT6wYzA",
  botUsername: "calldesk_bot",
  expiresAt: "2026-03-02T14:20:00.000Z",
};
