// Kept apart from assistant-connections.schema.ts so the client can use them without loading arktype.

/** The voice platforms whose own webhooks the server takes (issue 24): each with its URL and its way of signing. */
export const ASSISTANT_PLATFORMS = ["vapi", "retell"] as const;
export type AssistantPlatform = (typeof ASSISTANT_PLATFORMS)[number];

/** Brand names, the same in every language. */
export const PLATFORM_NAMES: Record<AssistantPlatform, string> = { vapi: "Vapi", retell: "Retell" };

/** What became of one delivery: stored, a repeat of one stored before, or turned away (with why). */
export const DELIVERY_RESULTS = ["accepted", "duplicate", "refused"] as const;
export type DeliveryResult = (typeof DELIVERY_RESULTS)[number];

/**
 * Why a delivery was refused, as a stable code the card words in the owner's language (the English `reason`
 * beside it is for logs, and the detail shown for the codes whose English names what was wrong).
 */
export const DELIVERY_REASON_CODES = [
  // The sender was not proven to be the platform (webhook-signatures.ts).
  "wrong_secret",
  "no_credential",
  "no_timestamp",
  "no_signature",
  "stale_timestamp",
  "bad_signature",
  "unreadable_secret",
  // The message could not be read (webhooks.routes.ts, the platforms' readers).
  "not_json",
  "unreadable_payload",
  // A tool call that was not done (tool-calls.ts).
  "unknown_tool",
  "bad_arguments",
  "no_services",
  "unknown_service",
  "no_caller_number",
  "no_booking",
  "slot_taken",
  "booking_unchangeable",
  "tool_failed",
] as const;
export type DeliveryReasonCode = (typeof DELIVERY_REASON_CODES)[number];

/**
 * A Retell API key as the owner pastes it (Retell signs its webhooks with the one that has the webhook badge):
 * 8 to 200 printable characters, no spaces.
 */
export const RETELL_API_KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
