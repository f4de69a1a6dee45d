import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuthContext } from "../http/app-env";

/**
 * Access tokens are JWTs (RFC 7519) signed with HS256, issued and read only by this server. Node's HMAC runs
 * in a few microseconds on the request's own thread; WebCrypto's (what JWT libraries for edge runtimes use)
 * takes a trip through the thread pool that cost tens of microseconds on every authenticated request.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

type Claims = { sub: string; bid: string; iat: number; exp: number };

const signatureOf = (secret: string, signingInput: string) =>
  createHmac("sha256", secret).update(signingInput).digest("base64url");

export function issueAccessToken(secret: string, auth: AuthContext, now: Date, ttlSeconds: number): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: Claims = { sub: auth.userId, bid: auth.businessId, iat, exp: iat + ttlSeconds };
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

/**
 * The caller the token names, or null when it is forged, malformed or expired on the app's clock. Only the
 * exact header this server issues is accepted, so no token can choose its own algorithm.
 */
export function verifyAccessToken(secret: string, token: string, now: Date): AuthContext | null {
  const [header, payload, signature, ...rest] = token.split(".");
  if (header !== HEADER || payload === undefined || signature === undefined || rest.length > 0) return null;
  // Compared as text: base64url decoding is lenient, so two spellings could otherwise pass for one signature.
  const presented = Buffer.from(signature);
  const expected = Buffer.from(signatureOf(secret, `${header}.${payload}`));
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  const claims = claimsOf(payload);
  if (!claims || typeof claims.exp !== "number" || claims.exp <= now.getTime() / 1000) return null;
  if (typeof claims.sub !== "string" || typeof claims.bid !== "string") return null;
  return { userId: claims.sub, businessId: claims.bid };
}
