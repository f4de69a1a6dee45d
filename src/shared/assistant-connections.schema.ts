import { type } from "arktype";
import {
  ASSISTANT_PLATFORMS,
  DELIVERY_REASON_CODES,
  DELIVERY_RESULTS,
  RETELL_API_KEY_PATTERN,
} from "./assistant-platforms.constants";

export {
  ASSISTANT_PLATFORMS,
  type AssistantPlatform,
  DELIVERY_REASON_CODES,
  DELIVERY_RESULTS,
  type DeliveryReasonCode,
  type DeliveryResult,
} from "./assistant-platforms.constants";

export const assistantPlatform = type.enumerated(...ASSISTANT_PLATFORMS);

/**
 * Retell signs its webhooks with one of the account's own API keys (the one with the webhook badge): the owner
 * pastes it here. Vapi sends whatever secret it is given, so the server makes one.
 */
const retellApiKey = type(RETELL_API_KEY_PATTERN).describe(
  "the Retell API key with the webhook badge (8 to 200 characters, no spaces)",
);

/** POST /api/assistant-connections */
export const createAssistantConnectionBody = type.or(
  { "+": "reject", provider: "'vapi'" },
  { "+": "reject", provider: "'retell'", apiKey: retellApiKey },
);
export type CreateAssistantConnectionBody = typeof createAssistantConnectionBody.infer;

/** POST /api/assistant-connections/:id/rotate-secret: Retell's new key; nothing for Vapi (a new secret is made). */
export const rotateAssistantSecretBody = type({ "+": "reject", "apiKey?": retellApiKey });
export type RotateAssistantSecretBody = typeof rotateAssistantSecretBody.infer;

/**
 * A delivery as the card lists it. A refused one has its reason: `reasonCode` stable, for the card to word;
 * `reason` the server's English (naming the field of a message it could not read); both null otherwise.
 */
export const assistantDelivery = type({
  receivedAt: "string",
  event: "string | null",
  result: type.enumerated(...DELIVERY_RESULTS),
  reason: "string | null",
  reasonCode: type.enumerated(...DELIVERY_REASON_CODES).or("null"),
});
export type AssistantDelivery = typeof assistantDelivery.infer;

/** A connection as staff see it: never its secret. */
export const assistantConnection = type({
  _id: "string",
  provider: assistantPlatform,
  /** The webhook URL to paste into the platform (its server URL). */
  webhookUrl: "string",
  createdAt: "string",
  secretRotatedAt: "string | null",
  lastEventAt: "string | null",
  /** The latest deliveries, newest first. */
  recentDeliveries: assistantDelivery.array(),
});
export type AssistantConnection = typeof assistantConnection.infer;

/** GET /api/assistant-connections */
export const assistantConnectionList = assistantConnection.array();

/**
 * The answer to creating a connection or rotating its secret: the connection and, for Vapi, the secret to
 * paste into it (the only time it is shown); null for Retell, whose key the owner already holds.
 */
export const assistantConnectionWithSecret = assistantConnection.and({ secret: "string | null" });
export type AssistantConnectionWithSecret = typeof assistantConnectionWithSecret.infer;

/**
 * What a platform's delivery is answered with: stored, a repeat of one stored before, or of a kind we keep
 * nothing of. The platforms read only the status; the body helps whoever reads their delivery logs.
 */
export const platformDeliveryAnswer = type({ result: "'accepted' | 'duplicate' | 'ignored'" });

/**
 * Vapi's answer to its `tool-calls` message (ServerMessageResponseToolCalls): one result per tool call, in
 * call order, each a single-line string; `error` when a call could not be answered at all.
 */
export const vapiToolCallsAnswer = type({
  results: type({ toolCallId: "string", "result?": "string", "error?": "string" }).array(),
  "error?": "string",
});
export type VapiToolCallsAnswer = typeof vapiToolCallsAnswer.infer;

/**
 * Everything Vapi's server URL answers, as it goes over the wire: a server message's envelope, or a tool
 * call's results bare (Vapi reads `results` at the top of the body).
 */
export const vapiServerAnswer = type({ success: "true", data: platformDeliveryAnswer }).or(
  vapiToolCallsAnswer,
);

/** A Retell custom function's answer: its words for the model, or what went wrong (also 200: Retell hands any 2xx body to the model). */
export const retellToolAnswer = type({ result: "string" }).or({ error: "string" });
export type RetellToolAnswer = typeof retellToolAnswer.infer;

/** A tool's parameters: the JSON schema the platform hands the model. */
const toolParameters = type({
  type: "'object'",
  properties: { "[string]": "unknown" },
  required: "string[]",
});

/**
 * Vapi's function tool (docs.vapi.ai "Custom Tools"), without a server of its own: Vapi sends it to the
 * assistant's server URL, the connection's, with that URL's credential.
 */
export const vapiToolDefinition = type({
  type: "'function'",
  function: { name: "string", description: "string", parameters: toolParameters },
});

/** Retell's custom function (its LLM API's general_tools), each on its own URL under the connection's. */
export const retellToolDefinition = type({
  type: "'custom'",
  name: "string",
  description: "string",
  url: "string",
  method: "'POST'",
  parameters: toolParameters,
  args_at_root: "boolean",
  speak_during_execution: "boolean",
  speak_after_execution: "boolean",
  timeout_ms: "number",
});
export type RetellToolDefinition = typeof retellToolDefinition.infer;

/**
 * GET /api/assistant-connections/:id/tools: the tools to paste into the platform (see tool-definitions.ts),
 * an array shaped as the platform's dashboard and API take them.
 */
export const assistantConnectionTools = type({ provider: "'vapi'", tools: vapiToolDefinition.array() }).or({
  provider: "'retell'",
  tools: retellToolDefinition.array(),
});
export type AssistantConnectionTools = typeof assistantConnectionTools.infer;
