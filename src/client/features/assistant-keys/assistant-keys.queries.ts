import type { CreateAssistantKeyBody } from "@shared/assistant.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";

export const assistantKeyQueries = {
  all: () => ["assistant-keys"] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: [...assistantKeyQueries.all(), "list"] as const,
      queryFn: ({ signal }) => api.get("/assistant/keys", "assistantKeyList", { signal }),
      staleTime: 30_000,
    }),
};

export const createAssistantKey = (api: ApiClient, body: CreateAssistantKeyBody) =>
  api.post("/assistant/keys", "createdAssistantKey", body);

export const revokeAssistantKey = (api: ApiClient, id: string) =>
  api.delete(`/assistant/keys/${encodeURIComponent(id)}`, "none");
