import { createHmac } from "node:crypto";
import { sameSecret } from "../http/same-secret";
import type { DeliveryRefusal } from "./delivery-refusal";

/** How far a signed delivery's timestamp may be from our clock, either way (Retell's own SDK allows as much). */
export const SIGNATURE_SKEW_MS = 5 * 60_000;

/** Why a delivery was not taken as the platform's; null when it was. */
export type SignatureProblem = DeliveryRefusal | null;

const wrongSecret = (header: string): DeliveryRefusal => ({
  code: "wrong_secret",
  reason: `${header} does not match`,
});
const STALE: DeliveryRefusal = {
  code: "stale_timestamp",
  reason: "the signature's timestamp is more than 5 minutes from our clock",
};
const BAD_SIGNATURE: DeliveryRefusal = { code: "bad_signature", reason: "the signature does not match" };

const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

/** A hex digest compared in constant time, whatever the case it was written in. */
const sameDigest = (given: string, expected: string) => sameSecret(given.toLowerCase(), expected);

const stale = (stampMs: number, now: Date) => Math.abs(now.getTime() - stampMs) > SIGNATURE_SKEW_MS;

/**
 * Retell: `x-retell-signature: v=<ms>,d=<hex>`, the HMAC-SHA256 of the raw body followed by the timestamp's
 * digits, keyed with the account's webhook API key — exactly what retell-sdk's `verify` checks
 * (src/lib/webhook_auth.ts), within 5 minutes of our clock.
 */
export function retellSignatureProblem(
  rawBody: string,
  apiKey: string,
  header: string | undefined,
  now: Date,
): SignatureProblem {
  const match = header === undefined ? null : /^v=(\d{1,16}),d=([0-9a-f]{64})$/i.exec(header);
  if (!match) return { code: "no_signature", reason: "x-retell-signature is missing or not v=<ms>,d=<hex>" };
  const stamp = match[1]!;
  const digest = match[2]!;
  if (stale(Number(stamp), now)) return STALE;
  return sameDigest(digest, hmacHex(apiKey, rawBody + stamp)) ? null : BAD_SIGNATURE;
}

/** Vapi's HMAC timestamp in milliseconds: the credential's docs do not fix its unit, so seconds are read too. */
const vapiStampMs = (stamp: string) => {
  const value = Number(stamp);
  return value < 1e11 ? value * 1000 : value;
};

/**
 * Vapi: the credential attached to the server URL, whichever the owner chose (docs.vapi.ai, "Server
 * authentication"): a Bearer Token credential sent as `Authorization: Bearer <secret>` (or without the
 * prefix, when it is switched off), the same in the legacy `X-Vapi-Secret`, or an HMAC credential (SHA256,
 * hex, no prefix): `x-signature` over `{timestamp}.{body}` with `x-timestamp`, within 5 minutes of our clock.
 * The first of them present decides.
 */
export function vapiSignatureProblem(
  rawBody: string,
  secret: string,
  header: (name: string) => string | undefined,
  now: Date,
): SignatureProblem {
  const authorization = header("authorization");
  if (authorization !== undefined) {
    // With the credential's "Include Bearer Prefix" off, the header is the secret alone.
    const token = /^Bearer (.+)$/i.exec(authorization)?.[1] ?? authorization;
    return sameSecret(token, secret) ? null : wrongSecret("the Authorization bearer token");
  }
  const legacy = header("x-vapi-secret");
  if (legacy !== undefined) return sameSecret(legacy, secret) ? null : wrongSecret("X-Vapi-Secret");
  const signature = header("x-signature");
  if (signature === undefined)
    return { code: "no_credential", reason: "no Authorization, X-Vapi-Secret or x-signature header" };
  const stamp = header("x-timestamp") ?? "";
  if (!/^\d{1,16}$/.test(stamp))
    return { code: "no_timestamp", reason: "x-timestamp is missing or not a number" };
  if (stale(vapiStampMs(stamp), now)) return STALE;
  return /^[0-9a-f]{64}$/i.test(signature) && sameDigest(signature, hmacHex(secret, `${stamp}.${rawBody}`))
    ? null
    : BAD_SIGNATURE;
}
