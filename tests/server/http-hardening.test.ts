import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/database";
import { authThrottle } from "../../src/server/db/schema/auth-throttle.schema";
import type { Logger } from "../../src/server/logger";
import { startTestServer, type TestServer } from "../support/server-harness";

let server: TestServer;
let proxied: TestServer;
let twoProxies: TestServer;
beforeAll(async () => {
  [server, proxied, twoProxies] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { TRUST_PROXY: "true" } }),
    startTestServer({ env: { TRUST_PROXY: "2" } }),
  ]);
});
afterAll(() => Promise.all([server.close(), proxied.close(), twoProxies.close()]));

const signOut = (target: TestServer, headers: Record<string, string>, origin?: string | null) =>
  target.request("/api/auth/sign-out", { method: "POST", headers, ...(origin !== undefined && { origin }) });

describe("origin check on state-changing /api requests", () => {
  it("accepts the app's own origin", async () => {
    expect((await signOut(server, {}, server.url)).status).toBe(200);
  });

  it("accepts a request without Origin that the browser marks same-origin", async () => {
    expect((await signOut(server, { "sec-fetch-site": "same-origin" }, null)).status).toBe(200);
  });

  it.each([
    ["no Origin and no Sec-Fetch-Site", {}, null],
    ["no Origin and a cross-site fetch", { "sec-fetch-site": "cross-site" }, null],
    ["a foreign Origin", {}, "https://evil.example"],
    [
      "a foreign Origin even if marked same-origin",
      { "sec-fetch-site": "same-origin" },
      "https://evil.example",
    ],
    ["the same host on another scheme", {}, "https://127.0.0.1"],
    ["the literal null origin", {}, "null"],
  ] as const)("refuses %s with 403 FORBIDDEN_ORIGIN", async (_, headers, origin) => {
    const response = await signOut(server, headers, origin);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "FORBIDDEN_ORIGIN", message: "Cross-origin request refused" },
    });
  });

  it("guards refresh and sign-in too, before anything else happens", async () => {
    const refresh = await server.request("/api/auth/refresh", {
      method: "POST",
      origin: "https://evil.example",
    });
    expect(refresh.status).toBe(403);
    const signIn = await server.request("/api/auth/sign-in", {
      json: { email: "a@b.co", password: "whatever1" },
      origin: null,
    });
    expect(signIn.status).toBe(403);
  });

  it("leaves GET alone", async () => {
    const response = await server.request("/api/health", { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(200);
  });

  it("compares against APP_ORIGIN when it is set, not against the request's host", async () => {
    const app = createApp({
      config: {
        ...loadConfig({ APP_ORIGIN: "https://portal.example.com", STATIC_DIR: "" }),
        jwtSecret: "x".repeat(32),
        calendarTokenKey: Buffer.alloc(32),
      },
      db: {} as Database,
    });
    const post = (origin: string) =>
      app.request("http://127.0.0.1/api/auth/sign-out", { method: "POST", headers: { origin } });
    expect((await post("https://portal.example.com")).status).toBe(200);
    expect((await post("http://127.0.0.1")).status).toBe(403);
  });

  it("behind a trusted proxy, takes the scheme from X-Forwarded-Proto", async () => {
    const host = new URL(proxied.url).host;
    const headers = { "x-forwarded-proto": "https" };
    expect((await signOut(proxied, headers, `https://${host}`)).status).toBe(200);
    expect((await signOut(proxied, headers, `http://${host}`)).status).toBe(403);
  });
});

describe("security headers", () => {
  it("sends a strict CSP and the other hardening headers on API responses", async () => {
    const response = await server.request("/api/health");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self' https: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("puts the headers on error responses too", async () => {
    const response = await server.request("/api/nothing");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const refused = await signOut(server, {}, "https://evil.example");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("sends HSTS only over https: never on plain http, nor for an untrusted X-Forwarded-Proto", async () => {
    expect((await server.request("/api/health")).headers.get("strict-transport-security")).toBeNull();
    const spoofed = await server.request("/api/health", { headers: { "x-forwarded-proto": "https" } });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
    const viaProxy = await proxied.request("/api/health", { headers: { "x-forwarded-proto": "https" } });
    expect(viaProxy.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect((await proxied.request("/api/health")).headers.get("strict-transport-security")).toBeNull();
  });

  it("marks the refresh cookie Secure when the request came over https", async () => {
    const host = new URL(proxied.url).host;
    const response = await proxied.request("/api/auth/sign-up", {
      json: { email: `secure-${Date.now()}@example.com`, password: "long enough" },
      headers: { "x-forwarded-proto": "https" },
      origin: `https://${host}`,
    });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()[0]).toMatch(/; Secure/);
  });
});

describe("client address", () => {
  const failSignIn = (target: TestServer, forwardedFor: string) =>
    target.request("/api/auth/sign-in", {
      json: { email: `nobody-${forwardedFor}@example.com`, password: "wrong password" },
      headers: { "x-forwarded-for": forwardedFor },
    });
  const addressKeys = async (target: TestServer) =>
    (await target.db.select({ key: authThrottle.key }).from(authThrottle))
      .map((r) => r.key)
      .filter((k) => k.startsWith("ip:"));

  it("comes from the socket, ignoring X-Forwarded-For without TRUST_PROXY", async () => {
    expect((await failSignIn(server, "198.51.100.7")).status).toBe(401);
    expect(await addressKeys(server)).toEqual([expect.stringMatching(/^ip:(::ffff:)?127\.0\.0\.1$/)]);
  });

  it("with TRUST_PROXY=true, is the one the proxy appended (the rightmost), not what the client wrote", async () => {
    expect((await failSignIn(proxied, "198.51.100.8, 192.0.2.8")).status).toBe(401);
    const keys = await addressKeys(proxied);
    expect(keys).toContain("ip:192.0.2.8");
    expect(keys).not.toContain("ip:198.51.100.8");
  });

  it("with TRUST_PROXY=2, is the one the outer proxy appended (the second from the right)", async () => {
    expect((await failSignIn(twoProxies, "198.51.100.9, 192.0.2.9, 10.0.0.2")).status).toBe(401);
    // A request with fewer entries than proxies (one that went round the outer proxy) falls to the leftmost.
    expect((await failSignIn(twoProxies, "192.0.2.10")).status).toBe(401);
    expect((await addressKeys(twoProxies)).sort()).toEqual(["ip:192.0.2.10", "ip:192.0.2.9"]);
  });
});

describe("health and unexpected failures", () => {
  it("reports ok while the database answers", async () => {
    const response = await server.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { status: "ok" } });
  });

  it("answers 503 when the database does not, and a generic 500 for an unexpected error, logged", async () => {
    const broken = new Proxy({} as Database, {
      get: () => () => {
        throw new Error("connection refused (secret detail)");
      },
    });
    const logger: Logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const app = createApp({
      config: {
        ...loadConfig({ STATIC_DIR: "", LOG_LEVEL: "silent" }),
        jwtSecret: "x".repeat(32),
        calendarTokenKey: Buffer.alloc(32),
      },
      db: broken,
      logger,
    });
    const health = await app.request("/api/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      success: false,
      error: { code: "UNAVAILABLE", message: "The database is not reachable" },
    });

    const signUp = await app.request("http://localhost/api/auth/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ email: "someone@example.com", password: "long enough" }),
    });
    expect(signUp.status).toBe(500);
    const body = await signUp.text();
    expect(JSON.parse(body)).toEqual({
      success: false,
      error: { code: "INTERNAL", message: "Something went wrong on our side" },
    });
    expect(body).not.toContain("secret detail");
    expect(logger.error).toHaveBeenCalledWith("POST /api/auth/sign-up failed", expect.any(Error));
  });
});
