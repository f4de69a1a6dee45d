import type { AssistantKey, CreateAssistantKeyBody, CreatedAssistantKey } from "@shared/assistant.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";

export const assistantKeyQueries = {
  all: () => ["assistant-keys"] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: [...assistantKeyQueries.all(), "list"] as const,
      queryFn: ({ signal }) => api.get<AssistantKey[]>("/assistant/keys", { signal }),
      staleTime: 30_000,
    }),
};

export const createAssistantKey = (api: ApiClient, body: CreateAssistantKeyBody) =>
  api.post<CreatedAssistantKey>("/assistant/keys", body);

export const revokeAssistantKey = (api: ApiClient, id: string) =>
  api.delete<unknown>(`/assistant/keys/${encodeURIComponent(id)}`);
