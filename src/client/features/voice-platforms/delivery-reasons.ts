import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * Why the server turned a platform's delivery away, in the owner's words. The server keeps its reason in
 * English (src/server/integrations/webhook-signatures.ts, webhooks.routes.ts): the ones about the secret or
 * signature are a fixed few, each with what to do about it here; anything else is a message the server could
 * not read, whose English names the field at fault and is shown as such, a detail to pass on.
 */
const KNOWN_REASONS: Record<string, MessageDescriptor> = {
  "the Authorization bearer token does not match": msg`The secret sent does not match this connection's. Paste the current secret into the platform's credential.`,
  "X-Vapi-Secret does not match": msg`The secret sent does not match this connection's. Paste the current secret into the platform's credential.`,
  "no Authorization, X-Vapi-Secret or x-signature header": msg`No secret was sent. Attach a credential holding the secret to the server URL.`,
  "x-timestamp is missing or not a number": msg`The signature's time is missing: the HMAC credential sends it in x-timestamp.`,
  "x-retell-signature is missing or not v=<ms>,d=<hex>": msg`The delivery carried no Retell signature.`,
  "the signature's timestamp is more than 5 minutes from our clock": msg`The signature is more than 5 minutes old, or ahead of our clock: a replayed delivery, or a clock that is wrong.`,
  "the signature does not match": msg`The signature does not match this connection's secret or API key.`,
  "our copy of the secret cannot be read: rotate it": msg`Our copy of the secret cannot be read. Rotate the secret and paste the new one into the platform.`,
};

export type DeliveryReason =
  | { kind: "known"; message: MessageDescriptor }
  /** A message the server could not read: its words name the field. */
  | { kind: "unreadable"; detail: string };

export function deliveryReason(reason: string): DeliveryReason {
  const message = Object.hasOwn(KNOWN_REASONS, reason) ? KNOWN_REASONS[reason] : undefined;
  return message ? { kind: "known", message } : { kind: "unreadable", detail: reason };
}
