import { createHmac, timingSafeEqual } from "node:crypto";
import { createBoundedMap } from "../bounded-map";
import type { AuthContext } from "../http/app-env";

/**
 * Access tokens are JWTs (RFC 7519) signed with HS256, issued and read only by this server. Node's HMAC runs
 * in a few microseconds on the request's own thread; WebCrypto's (what JWT libraries for edge runtimes use)
 * takes a trip through the thread pool that cost tens of microseconds on every authenticated request.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

/** `sid`: the session (refresh token family) the token was issued in; the token works only while it is live. */
type Claims = { sub: string; bid: string; sid: string; iat: number; exp: number };

const signatureOf = (secret: string, signingInput: string) =>
  createHmac("sha256", secret).update(signingInput).digest("base64url");

export function issueAccessToken(secret: string, auth: AuthContext, now: Date, ttlSeconds: number): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: Claims = {
    sub: auth.userId,
    bid: auth.businessId,
    sid: auth.sessionId,
    iat,
    exp: iat + ttlSeconds,
  };
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  return `${signingInput}.${signatureOf(secret, signingInput)}`;
}

function claimsOf(payload: string): Partial<Claims> | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof claims === "object" && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

type Verified = { auth: AuthContext; exp: number };

/** What a token's signature vouches for, or null when it is forged or malformed; its expiry is the caller's to check. */
function verifiedClaims(secret: string, token: string): Verified | null {
  const [header, payload, signature, ...rest] = token.split(".");
  if (header !== HEADER || payload === undefined || signature === undefined || rest.length > 0) return null;
  // Compared as text: base64url decoding is lenient, so two spellings could otherwise pass for one signature.
  const presented = Buffer.from(signature);
  const expected = Buffer.from(signatureOf(secret, `${header}.${payload}`));
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  const claims = claimsOf(payload);
  if (!claims || typeof claims.exp !== "number") return null;
  // A token issued before sessions were named in it (no `sid`) cannot be tied to one: refused, signed in anew.
  if (typeof claims.sub !== "string" || typeof claims.bid !== "string" || typeof claims.sid !== "string")
    return null;
  return { auth: { userId: claims.sub, businessId: claims.bid, sessionId: claims.sid }, exp: claims.exp };
}

const unexpired = (verified: Verified | null | undefined, now: Date) =>
  verified && verified.exp > now.getTime() / 1000 ? verified.auth : null;

/**
 * The caller the token names, or null when it is forged, malformed or expired on the app's clock. Only the
 * exact header this server issues is accepted, so no token can choose its own algorithm. Whether its session
 * is still live is the database's to say (require-user.ts).
 */
export function verifyAccessToken(secret: string, token: string, now: Date): AuthContext | null {
  return unexpired(verifiedClaims(secret, token), now);
}

/** Tokens remembered at once; past it the memory starts over (a miss costs one HMAC). */
const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * verifyAccessToken for every authenticated request: a token whose signature was verified once is remembered
 * with its claims, so its next requests skip the HMAC and the JSON parse (several percent of a cheap request).
 * Its expiry is still checked on every request, and a token that failed is never remembered.
 */
export function createAccessTokenVerifier(secret: string) {
  const verified = createBoundedMap<string, Verified>(MAX_REMEMBERED_TOKENS);
  return (token: string, now: Date): AuthContext | null => {
    const known = verified.get(token);
    if (known) return unexpired(known, now);
    const claims = verifiedClaims(secret, token);
    if (claims) verified.set(token, claims);
    return unexpired(claims, now);
  };
}
