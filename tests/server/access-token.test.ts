import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createAccessTokenVerifier,
  issueAccessToken,
  verifyAccessToken,
} from "../../src/server/auth/access-token";

const SECRET = "a".repeat(64);
const NOW = new Date("2026-03-02T09:00:00Z");
const AUTH = { userId: "user-1", businessId: "business-1", sessionId: "session-1" };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const signed = (header: unknown, claims: unknown, secret = SECRET) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`;
};
const iat = NOW.getTime() / 1000;

describe("access tokens", () => {
  it("reads back the caller of a token it issued, until it expires", () => {
    const token = issueAccessToken(SECRET, AUTH, NOW, 900);
    expect(verifyAccessToken(SECRET, token, NOW)).toEqual(AUTH);
    expect(verifyAccessToken(SECRET, token, new Date(NOW.getTime() + 899_000))).toEqual(AUTH);
    expect(verifyAccessToken(SECRET, token, new Date(NOW.getTime() + 900_000))).toBeNull();
  });

  it("refuses tokens it did not sign, or signed differently", () => {
    const token = issueAccessToken(SECRET, AUTH, NOW, 900);
    const [header, payload, signature] = token.split(".");
    const claims = { sub: "user-2", bid: "business-2", sid: "session-1", iat, exp: iat + 900 };
    const refused = [
      issueAccessToken("b".repeat(64), AUTH, NOW, 900),
      `${header}.${b64(claims)}.${signature}`,
      `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
      signed({ alg: "HS512", typ: "JWT" }, claims),
      signed({ typ: "JWT", alg: "HS256" }, claims),
      `${token}.extra`,
      `${header}.${payload}`,
      `${token}A`,
      "",
    ];
    for (const forged of refused) expect(verifyAccessToken(SECRET, forged, NOW)).toBeNull();
  });

  it("refuses a well-signed token whose claims are not the ones it issues", () => {
    const header = { alg: "HS256", typ: "JWT" };
    for (const claims of [
      { sub: "user-1", sid: "session-1", iat, exp: iat + 900 },
      { sub: "user-1", bid: 7, sid: "session-1", iat, exp: iat + 900 },
      { sub: "user-1", bid: "business-1", sid: "session-1", iat },
      { sub: "user-1", bid: "business-1", sid: "session-1", iat, exp: String(iat + 900) },
      // Issued before access tokens named their session: refused, so its holder signs in again.
      { sub: "user-1", bid: "business-1", iat, exp: iat + 900 },
      { sub: "user-1", bid: "business-1", sid: 7, iat, exp: iat + 900 },
      "a string",
    ]) {
      expect(verifyAccessToken(SECRET, signed(header, claims), NOW)).toBeNull();
    }
    expect(
      verifyAccessToken(SECRET, signed(header, { sub: "u", bid: "b", sid: "s", iat, exp: iat + 60 }), NOW),
    ).toEqual({ userId: "u", businessId: "b", sessionId: "s" });
  });

  it("remembers a verified token for the next requests, yet lets it expire and never admits a forged one", () => {
    const verify = createAccessTokenVerifier(SECRET);
    const token = issueAccessToken(SECRET, AUTH, NOW, 900);
    const [header, payload, signature] = token.split(".");
    const forged = [
      `${header}.${b64({ sub: "user-2", bid: "business-2", sid: "session-1", iat, exp: iat + 900 })}.${signature}`,
      `${header}.${payload}.${signature}A`,
      issueAccessToken("b".repeat(64), AUTH, NOW, 900),
    ];
    for (let round = 0; round < 2; round++) {
      expect(verify(token, NOW)).toEqual(AUTH);
      expect(verify(token, new Date(NOW.getTime() + 899_000))).toEqual(AUTH);
      expect(verify(token, new Date(NOW.getTime() + 900_000))).toBeNull();
      for (const attempt of forged) expect(verify(attempt, NOW)).toBeNull();
    }
  });
});
