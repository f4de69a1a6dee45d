import type { CalendarPermission } from "@shared/calendar.schema";
import { type } from "arktype";
import type { GoogleConfig } from "../config";

/*
 * Google's OAuth 2.0 endpoints for web server applications: the authorization URL the popup opens, the code
 * exchange and the refresh at the token endpoint, and revocation. See docs/spec-notes.md ("Calendar
 * connection") for the scopes asked and why.
 */

/** The account's e-mail, from the ID token the code exchange returns (Sign-In scopes, never unticked). */
const SIGN_IN_SCOPES = ["openid", "email"];

/**
 * The permissions the calendar work needs, each with what the refusal says when it was unticked on Google's
 * granular consent screen: the events we create, move and delete (and reading changes to them), and the
 * calendar's busy times.
 */
export const CALENDAR_SCOPES = [
  {
    key: "events",
    scope: "https://www.googleapis.com/auth/calendar.events.owned",
    permission: "create, change and delete the events of your calendar",
  },
  {
    key: "freeBusy",
    scope: "https://www.googleapis.com/auth/calendar.freebusy",
    permission: "see when your calendar is busy",
  },
] as const satisfies readonly { key: CalendarPermission; scope: string; permission: string }[];

export const REQUESTED_SCOPES = [...SIGN_IN_SCOPES, ...CALENDAR_SCOPES.map((s) => s.scope)];

/** How long a call to Google may take before it counts as unreachable. */
const GOOGLE_TIMEOUT_MS = 10_000;

/**
 * Google answered with an OAuth error (`error` of the token endpoint's 4xx: `invalid_grant` for a code or
 * refresh token that is expired, used or revoked), or could not be reached / answered garbage
 * (`unavailable`: worth trying again later).
 */
export class GoogleOAuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "GoogleOAuthError";
  }
  get unavailable(): boolean {
    return this.code === "unavailable";
  }
}

const tokenAnswer = type({
  access_token: "string > 0",
  expires_in: "number > 0",
  "refresh_token?": "string > 0",
  "scope?": "string",
  "id_token?": "string",
  "token_type?": "string",
});
export type TokenAnswer = typeof tokenAnswer.infer;

const errorAnswer = type({ error: "string", "error_description?": "string" });

const idTokenClaims = type({ "email?": "string", "email_verified?": "boolean", "sub?": "string" });

/** The authorization request of the popup: code flow with PKCE (S256), offline access, consent every time. */
export function authorizationUrl(
  google: GoogleConfig,
  input: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(google.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: input.redirectUri,
    response_type: "code",
    scope: REQUESTED_SCOPES.join(" "),
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: "S256",
    // A refresh token, so the sync works while nobody is signed in; consent every time, so Google issues
    // a refresh token again on a reconnect (it gives one only with the consent screen shown).
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
  }).toString();
  return url.href;
}

async function postForm(url: string, form: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GoogleOAuthError("unavailable", `Google could not be reached: ${(error as Error).message}`);
  }
}

/** A token endpoint answer: the tokens, or the OAuth error Google named (anything else: unavailable). */
async function readTokenAnswer(response: Response): Promise<TokenAnswer> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const tokens = tokenAnswer(body);
    if (!(tokens instanceof type.errors)) return tokens;
    throw new GoogleOAuthError("unavailable", `Google's token answer is not usable: ${tokens.summary}`);
  }
  const refusal = errorAnswer(body);
  if (response.status < 500 && !(refusal instanceof type.errors)) {
    const detail = refusal.error_description ? ` (${refusal.error_description})` : "";
    throw new GoogleOAuthError(refusal.error, `Google refused: ${refusal.error}${detail}`);
  }
  throw new GoogleOAuthError("unavailable", `Google's token endpoint answered ${response.status}`);
}

const clientAuth = (google: GoogleConfig) => ({
  client_id: google.clientId,
  client_secret: google.clientSecret,
});

/** The callback's code for tokens, proving with the PKCE verifier that we made the request. */
export async function exchangeCode(
  google: GoogleConfig,
  input: { code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenAnswer> {
  const response = await postForm(google.tokenUrl, {
    ...clientAuth(google),
    grant_type: "authorization_code",
    code: input.code,
    code_verifier: input.codeVerifier,
    redirect_uri: input.redirectUri,
  });
  return readTokenAnswer(response);
}

/** A new access token for the refresh token (Google may, rarely, send a new refresh token with it). */
export async function refreshAccessToken(google: GoogleConfig, refreshToken: string): Promise<TokenAnswer> {
  const response = await postForm(google.tokenUrl, {
    ...clientAuth(google),
    grant_type: "refresh_token",
    refresh_token: refreshToken,
  });
  return readTokenAnswer(response);
}

/** Revokes the grant behind the token (a refresh token: the whole grant, its access tokens with it). */
export async function revokeToken(revokeUrl: string, token: string): Promise<void> {
  const response = await postForm(revokeUrl, { token });
  // 400 invalid_token: already revoked, or expired; either way Google holds no grant for us any more.
  if (response.ok || response.status === 400) return;
  throw new GoogleOAuthError("unavailable", `Google's revocation endpoint answered ${response.status}`);
}

/**
 * The account's e-mail from the ID token. Its signature is not checked: it came straight from Google's token
 * endpoint over TLS in answer to our authenticated request, which OpenID Connect (Core 3.1.3.7) and Google's
 * own guide accept in place of validating it. Null when the token carries no e-mail.
 */
export function emailOfIdToken(idToken: string): string | null {
  const payload = idToken.split(".")[1];
  if (!payload) return null;
  try {
    const claims = idTokenClaims(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    if (claims instanceof type.errors || !claims.email || claims.email_verified === false) return null;
    return claims.email;
  } catch {
    return null;
  }
}

/**
 * The calendar permissions Google did not grant, by the `scope` of its token answer (granular consent lets
 * the user untick each one). An answer without `scope` granted what was asked (RFC 6749, 5.1).
 */
export function missingPermissions(grantedScope: string | undefined): CalendarPermission[] {
  if (grantedScope === undefined) return [];
  const granted = new Set(grantedScope.split(" "));
  return CALENDAR_SCOPES.filter((s) => !granted.has(s.scope)).map((s) => s.key);
}
