import type { TelegramConnectBody } from "@shared/telegram.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";

/** Spec 7/9: the messaging-bot status is fresh for 30 s. */
export const TELEGRAM_STATUS_STALE_MS = 30_000;

export const telegramQueries = {
  all: () => ["telegram"] as const,
  status: (api: ApiClient) =>
    queryOptions({
      queryKey: [...telegramQueries.all(), "status"] as const,
      queryFn: ({ signal }) => api.get("/telegram/status", "telegramStatus", { signal }),
      staleTime: TELEGRAM_STATUS_STALE_MS,
    }),
};

export const createTelegramLink = (api: ApiClient) => api.post("/telegram/link", "telegramLink");

export const checkTelegramLink = (api: ApiClient, code: string) =>
  api.get(`/telegram/link/${encodeURIComponent(code)}`, "telegramLinkState");

export const connectTelegram = (api: ApiClient, body: TelegramConnectBody) =>
  api.post("/telegram/connect", "telegramStatus", body);

export const disconnectTelegram = (api: ApiClient) => api.post("/telegram/disconnect", "telegramStatus");
