import { sign, verify } from "hono/jwt";
import type { AuthContext } from "../http/app-env";

const ALG = "HS256";

const keys = new Map<string, Promise<CryptoKey>>();

/** Importing the secret is most of what a verification costs, so each secret is imported once. */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(secret, key);
  }
  return key;
}

export async function issueAccessToken(
  secret: string,
  auth: AuthContext,
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims = { sub: auth.userId, bid: auth.businessId, iat, exp: iat + ttlSeconds };
  return sign(claims, await hmacKey(secret), ALG);
}

/** The caller the token names, or null when it is forged, malformed or expired on the app's clock. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<AuthContext | null> {
  try {
    // Hono would judge exp/iat by the wall clock; the app's injectable clock judges them below instead.
    const claims = await verify(token, await hmacKey(secret), {
      alg: ALG,
      exp: false,
      iat: false,
      nbf: false,
    });
    const nowSeconds = now.getTime() / 1000;
    if (typeof claims.exp !== "number" || claims.exp <= nowSeconds) return null;
    if (typeof claims.sub !== "string" || typeof claims.bid !== "string") return null;
    return { userId: claims.sub, businessId: claims.bid };
  } catch {
    return null;
  }
}
