import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AssistantDelivery } from "@shared/assistant-connections.schema";
import type { DeliveryReasonCode } from "@shared/assistant-platforms.constants";

/**
 * Why the server turned a platform's delivery (or a tool call) away, in the owner's words, by the stable code
 * it stores with each refusal: what went wrong and, where the owner can act, what to do about it.
 */
const REASON_WORDS: Record<DeliveryReasonCode, MessageDescriptor> = {
  wrong_secret: msg`The secret sent does not match this connection's. Paste the current secret into the platform's credential.`,
  no_credential: msg`No secret was sent. Attach a credential holding the secret to the server URL.`,
  no_timestamp: msg`The signature's time is missing: the HMAC credential sends it in x-timestamp.`,
  no_signature: msg`The delivery carried no Retell signature.`,
  stale_timestamp: msg`The signature is more than 5 minutes old, or ahead of our clock: a replayed delivery, or a clock that is wrong.`,
  bad_signature: msg`The signature does not match this connection's secret or API key.`,
  unreadable_secret: msg`Our copy of the secret cannot be read. Rotate the secret and paste the new one into the platform.`,
  not_json: msg`The message is not JSON, so it could not be read.`,
  unreadable_payload: msg`The message could not be read:`,
  unknown_tool: msg`The assistant asked for a tool we do not have. Paste the tool definitions again:`,
  bad_arguments: msg`The assistant called a tool with details that do not fit, and was told what to correct:`,
  no_services: msg`A tool found no active service. Add a service, or turn one on, in Services.`,
  unknown_service: msg`The assistant named a service you do not offer, and was given the list of your services:`,
  no_caller_number: msg`The call did not give the caller's number, so the assistant was told to ask for it.`,
  no_booking: msg`The assistant named a booking that does not exist.`,
  slot_taken: msg`The time asked for was taken; the assistant was given the nearest free times.`,
  booking_unchangeable: msg`The booking can no longer be changed in its status.`,
  tool_failed: msg`A tool failed on our side and nothing was changed; the assistant was told to offer a call back.`,
};

/** The codes whose server English names what was wrong (a field, a tool, a service): shown as a detail. */
const DETAILED: ReadonlySet<DeliveryReasonCode> = new Set([
  "unreadable_payload",
  "unknown_tool",
  "bad_arguments",
  "unknown_service",
]);

export type DeliveryReason = {
  message: MessageDescriptor;
  /** The server's English naming the field or value at fault; null when the words say it all. */
  detail: string | null;
};

/** A refused delivery's reason in the owner's words; null for one that was not refused. */
export function deliveryReason({
  reasonCode,
  reason,
}: Pick<AssistantDelivery, "reason" | "reasonCode">): DeliveryReason | null {
  if (reasonCode === null) return null;
  return { message: REASON_WORDS[reasonCode], detail: DETAILED.has(reasonCode) ? reason : null };
}
