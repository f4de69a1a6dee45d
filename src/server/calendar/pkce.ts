import { createHash, randomBytes } from "node:crypto";

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * A fresh authorization's secrets (RFC 7636, RFC 6749 10.12): the `state` that brings the callback back to
 * it, and the PKCE verifier with its S256 challenge, 256 random bits each (43 characters, within PKCE's 43–128).
 */
export function newAuthorizationSecrets() {
  const state = randomBytes(32).toString("base64url");
  const codeVerifier = randomBytes(32).toString("base64url");
  return { state, codeVerifier, codeChallenge: sha256(codeVerifier).toString("base64url") };
}

/** How a state is stored: its SHA-256, so reading the table is no way into an authorization under way. */
export const stateHashOf = (state: string) => sha256(state).toString("hex");
