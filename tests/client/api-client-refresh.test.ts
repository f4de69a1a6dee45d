import { describe, expect, it } from "vitest";
import { ApiError, createApiClient } from "../../src/client/lib/api-client";
import { uniqueEmail } from "../support/server-accounts";
import { MINUTE } from "../support/server-clock";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

/** What a browser does for the app: keeps the refresh cookie, sends the page's Origin; counts calls per path. */
function browserLikeFetch() {
  let cookie: string | undefined;
  const calls = new Map<string, number>();
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    calls.set(path, (calls.get(path) ?? 0) + 1);
    const headers = new Headers(request.headers);
    headers.set("origin", server.url);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(new Request(request, { headers }));
    const set = response.headers.getSetCookie().find((c) => c.startsWith("calldesk_refresh="));
    if (set) cookie = set.split(";")[0];
    return response;
  };
  return {
    fetch: fetchImpl,
    calls,
    forgetCookie: () => (cookie = undefined),
    useCookie: (value: string) => (cookie = `calldesk_refresh=${value}`),
  };
}

async function signedInClient() {
  const browser = browserLikeFetch();
  let expired = 0;
  const api = createApiClient({
    baseURL: `${server.url}/api`,
    fetch: browser.fetch,
    onSessionExpired: () => expired++,
  });
  const email = uniqueEmail("client");
  await api.post("/auth/sign-up", "sessionUser", { email, password: "correct horse" });
  return { api, browser, email, expiredCount: () => expired };
}

describe("API client: 401 → one shared refresh → one retry (spec 7)", () => {
  it("stores the Authorization header of any response and sends it", async () => {
    const { api, email } = await signedInClient();
    expect(api.hasAuthorization()).toBe(true);
    expect((await api.get("/auth/me", "sessionUser")).email).toBe(email);
  });

  it("five concurrent requests with an expired token cause exactly one refresh and five successful retries", async () => {
    const { api, browser, email, expiredCount } = await signedInClient();
    server.clock.advance(16 * MINUTE);
    browser.calls.clear();
    const users = await Promise.all(Array.from({ length: 5 }, () => api.get("/auth/me", "sessionUser")));
    expect(users.map((user) => user.email)).toEqual(Array(5).fill(email));
    expect(browser.calls.get("/api/auth/refresh")).toBe(1);
    expect(browser.calls.get("/api/auth/me")).toBe(10);
    expect(expiredCount()).toBe(0);
  });

  it("a refresh that finds no session (cookie gone) drops the header, reports the session expired, passes the 401 on", async () => {
    const { api, browser, expiredCount } = await signedInClient();
    browser.forgetCookie();
    server.clock.advance(16 * MINUTE);
    browser.calls.clear();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => api.get("/auth/me", "sessionUser")),
    );
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      const error = (outcome as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(401);
    }
    expect(browser.calls.get("/api/auth/refresh")).toBe(1);
    expect(api.hasAuthorization()).toBe(false);
    expect(expiredCount()).toBeGreaterThanOrEqual(1);
  });

  it("does not refresh when no header is held, nor for the refresh call itself", async () => {
    const browser = browserLikeFetch();
    const api = createApiClient({ baseURL: `${server.url}/api`, fetch: browser.fetch });
    await expect(api.get("/auth/me", "sessionUser")).rejects.toMatchObject({
      status: 401,
      code: "UNAUTHENTICATED",
    });
    // Without a cookie there is no session to resume, which is no error.
    await expect(api.post("/auth/refresh", "sessionOrNone")).resolves.toBeNull();
    browser.useCookie("not-a-token");
    await expect(api.post("/auth/refresh", "sessionOrNone")).rejects.toMatchObject({
      status: 401,
      code: "UNAUTHENTICATED",
    });
    expect(browser.calls.get("/api/auth/refresh")).toBe(2);
  });

  it("a refused refresh cookie also ends the session", async () => {
    const { api, browser, expiredCount } = await signedInClient();
    browser.useCookie("not-a-token");
    server.clock.advance(16 * MINUTE);
    await expect(api.get("/auth/me", "sessionUser")).rejects.toMatchObject({ status: 401 });
    expect(api.hasAuthorization()).toBe(false);
    expect(expiredCount()).toBe(1);
  });

  it("ends this tab's session rather than carry on as another user another tab signed in as", async () => {
    // Two tabs of one browser: one cookie jar. Tab A is X's; in tab B, Y signs in (the cookie is Y's now).
    const browser = browserLikeFetch();
    let expired = 0;
    let userOfA: string | null = null;
    const tabA = createApiClient({
      baseURL: `${server.url}/api`,
      fetch: browser.fetch,
      onSessionExpired: () => expired++,
      sessionUserId: () => userOfA,
    });
    const tabB = createApiClient({ baseURL: `${server.url}/api`, fetch: browser.fetch });
    const x = await tabA.post("/auth/sign-up", "sessionUser", {
      email: uniqueEmail("x"),
      password: "correct horse",
    });
    userOfA = x.id;
    await tabB.post("/auth/sign-up", "sessionUser", { email: uniqueEmail("y"), password: "correct horse" });

    server.clock.advance(16 * MINUTE);
    browser.calls.clear();
    const failure = await tabA.get("/company/me", "company").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(expired).toBe(1);
    expect(tabA.hasAuthorization()).toBe(false);
    // One refresh, and no retry of the request under Y's session.
    expect(browser.calls.get("/api/company/me")).toBe(1);
    expect(browser.calls.get("/api/auth/refresh")).toBe(1);
  });

  it("unwraps the envelope's error message and code", async () => {
    const { api } = await signedInClient();
    const error: unknown = await api
      .post("/auth/sign-up", "sessionUser", { email: "not-an-email", password: "x" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "VALIDATION",
      message: expect.stringMatching(/email/i),
    });
  });
});
