import type {
  AssistantConnection,
  AssistantConnectionTools,
  AssistantConnectionWithSecret,
} from "@shared/assistant-connections.schema";
import { platformToolDefinitions } from "./tool-definitions";

export const assistantConnectionExample: AssistantConnection = {
  _id: "5b0c2a4e-8f3d-4c61-9a77-2f1e0d9c8b7a",
  provider: "vapi",
  webhookUrl: "https://portal.example.com/api/integrations/vapi/5b0c2a4e-8f3d-4c61-9a77-2f1e0d9c8b7a",
  createdAt: "2026-11-20T09:00:00.000Z",
  secretRotatedAt: null,
  lastEventAt: "2026-11-21T14:32:05.000Z",
  recentDeliveries: [
    {
      receivedAt: "2026-11-21T14:32:05.000Z",
      event: "end-of-call-report",
      result: "accepted",
      reason: null,
      reasonCode: null,
    },
    {
      receivedAt: "2026-11-21T14:29:40.000Z",
      event: null,
      result: "refused",
      reason: "X-Vapi-Secret does not match",
      reasonCode: "wrong_secret",
    },
  ],
};

export const createdAssistantConnectionExample: AssistantConnectionWithSecret = {
  ...assistantConnectionExample,
  lastEventAt: null,
  recentDeliveries: [],
  secret: "cds_3q2-7wEvUIMzEX1aXdoGhyNV7KvJd9u3VSQBrHpIR0k",
};

/** The example connection's tools, exactly as the route makes them. */
export const assistantConnectionToolsExample: AssistantConnectionTools = platformToolDefinitions(
  "vapi",
  assistantConnectionExample.webhookUrl,
);
