import type {
  CreateAssistantConnectionBody,
  RotateAssistantSecretBody,
} from "@shared/assistant-connections.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";
import { LIVE_REFRESH_MS } from "../calls/calls.queries";

const connectionPath = (id: string) => `/assistant-connections/${encodeURIComponent(id)}`;

export const assistantConnectionQueries = {
  all: () => ["assistant-connections"] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: [...assistantConnectionQueries.all(), "list"] as const,
      queryFn: ({ signal }) => api.get("/assistant-connections", "assistantConnectionList", { signal }),
      staleTime: 30_000,
      // While the card shows a connection, its deliveries and last event follow the platform as a live call
      // does (react-query pauses while the tab is hidden): the owner who just pasted the URL sees the first
      // delivery arrive. Without a connection nothing can arrive.
      refetchInterval: (query) => (query.state.data?.length ? LIVE_REFRESH_MS : false),
    }),
  /** A connection's ready-to-paste tools: they change only with its URL, so they are read once. */
  tools: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: [...assistantConnectionQueries.all(), "tools", id] as const,
      queryFn: ({ signal }) => api.get(`${connectionPath(id)}/tools`, "assistantConnectionTools", { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export const createAssistantConnection = (api: ApiClient, body: CreateAssistantConnectionBody) =>
  api.post("/assistant-connections", "assistantConnectionWithSecret", body);

export const rotateAssistantSecret = (api: ApiClient, id: string, body: RotateAssistantSecretBody) =>
  api.post(`${connectionPath(id)}/rotate-secret`, "assistantConnectionWithSecret", body);

export const removeAssistantConnection = (api: ApiClient, id: string) =>
  api.delete(connectionPath(id), "none");
