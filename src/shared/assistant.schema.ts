import { type } from "arktype";
import { weeklySchedule } from "./availability.schema";
import { callTransferSettings } from "./company.schema";
import { LANGUAGE_CODES } from "./languages";
import { money } from "./money.schema";

/** POST /api/assistant/keys */
export const createAssistantKeyBody = type({ "+": "reject", name: "1 <= string <= 100" });
export type CreateAssistantKeyBody = typeof createAssistantKeyBody.infer;

/** A key as staff see it in the list: never the key itself, only its last four characters. */
export const assistantKey = type({
  _id: "string",
  name: "string",
  last4: "string == 4",
  createdAt: "string",
  lastUsedAt: "string | null",
});
export type AssistantKey = typeof assistantKey.infer;

/** GET /api/assistant/keys */
export const assistantKeyList = assistantKey.array();

/** The answer to POST /api/assistant/keys: the only time the whole key is shown. */
export const createdAssistantKey = assistantKey.and({ key: "string" });
export type CreatedAssistantKey = typeof createdAssistantKey.infer;

/**
 * A bookable service as the assistant offers it (field names carry their units, see docs/spec-notes.md);
 * `id` is what GET /api/assistant/slots asks for.
 */
export const assistantService = type({
  id: "string",
  name: "string",
  durationMinutes: "number.integer >= 1",
  price: money,
  description: "string | null",
});

/** Call handling as the assistant reads it: the company's settings, the wait named with its unit. */
export const assistantCallTransfer = callTransferSettings
  .omit("maxWaitTime")
  .merge({ maxWaitSeconds: "0 <= number.integer <= 3600" });

/** GET /api/assistant/config: what the assistant needs to answer the phone for this business. */
export const assistantConfig = type({
  companyName: "string",
  /** The number the assistant answers, as it reported it ("" until then). */
  phoneNumber: "string",
  /** The business's language (one of the six): the one to greet callers in. */
  language: type.enumerated(...LANGUAGE_CODES),
  greeting: "string | null",
  prompt: "string | null",
  timezone: "string",
  workingHours: { start: "string", end: "string" },
  workingDays: "number.integer[]",
  /** The opening hours in full (workingHours and workingDays only summarise them), HH:MM local. */
  weeklySchedule,
  services: assistantService.array(),
  callTransfer: assistantCallTransfer,
  /** Whether to record calls (Settings → Data protection): while false, send no recording or transcript. */
  recordCalls: "boolean",
});
export type AssistantConfig = typeof assistantConfig.infer;
