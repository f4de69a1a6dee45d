import type {
  CreateAssistantConnectionBody,
  RotateAssistantSecretBody,
} from "@shared/assistant-connections.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";

export const assistantConnectionQueries = {
  all: () => ["assistant-connections"] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: [...assistantConnectionQueries.all(), "list"] as const,
      queryFn: ({ signal }) => api.get("/assistant-connections", "assistantConnectionList", { signal }),
      // The platform's deliveries arrive while the owner looks: as fresh as the Telegram and calendar status.
      staleTime: 30_000,
    }),
};

const connectionPath = (id: string) => `/assistant-connections/${encodeURIComponent(id)}`;

export const createAssistantConnection = (api: ApiClient, body: CreateAssistantConnectionBody) =>
  api.post("/assistant-connections", "assistantConnectionWithSecret", body);

export const rotateAssistantSecret = (api: ApiClient, id: string, body: RotateAssistantSecretBody) =>
  api.post(`${connectionPath(id)}/rotate-secret`, "assistantConnectionWithSecret", body);

export const removeAssistantConnection = (api: ApiClient, id: string) =>
  api.delete(connectionPath(id), "none");
