import type { FailureFacts } from "@machines/failure";
import type { SessionUser } from "@shared/auth.schema";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { provideSessionMachine } from "../../src/client/features/session/session.actors";
import { createApiClient } from "../../src/client/lib/api-client";

const user: SessionUser = { id: "u1", email: "ada@example.com", businessId: "b1", businessName: "Ada's" };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/**
 * The server as the session sees it: the start-up refresh signs `user` in (a later one finds the session gone),
 * and each sign-out gets the next of `signOuts` (the last one again once they run out: "offline" is a network
 * failure). Notes when each sign-out came.
 */
function scriptedServer(signOuts: Array<number | "offline">) {
  const arrivals: number[] = [];
  let refreshes = 0;
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(new Request(input, init).url).pathname;
    if (path === "/api/auth/refresh")
      return ++refreshes === 1
        ? json(200, { success: true, data: user }, { Authorization: "Bearer first" })
        : json(401, { success: false, error: { code: "UNAUTHENTICATED", message: "refused" } });
    arrivals.push(Date.now());
    const answer = signOuts[Math.min(arrivals.length, signOuts.length) - 1]!;
    if (answer === "offline") throw new TypeError("Failed to fetch");
    if (answer === 200) return json(200, { success: true, data: null });
    return json(answer, { success: false, error: { message: "refused" } });
  };
  const gaps = () => arrivals.slice(1).map((at, index) => at - arrivals[index]!);
  return { fetch: fetchImpl, arrivals, gaps };
}

async function signedInSession(server: ReturnType<typeof scriptedServer>) {
  const failures: FailureFacts[] = [];
  const api = createApiClient({ baseURL: "http://portal.test/api", fetch: server.fetch });
  const session = createActor(
    provideSessionMachine({
      api,
      announceSignedIn: () => {},
      announceSignOutFailed: (failure) => failures.push(failure),
    }),
  );
  session.start();
  await waitFor(session, (s) => s.matches("signedIn"));
  return { api, session, failures };
}

/** Sends the sign-out and lets the clock run through every retry wait until the session has settled. */
async function signOut(session: Awaited<ReturnType<typeof signedInSession>>["session"]) {
  session.send({ type: "session.signOut" });
  while (session.getSnapshot().matches("signingOut")) await vi.advanceTimersToNextTimerAsync();
  return session.getSnapshot();
}

// Only the retry waits are fake; the answers above settle as promises do.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: new Date("2026-11-28T09:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("sign-out (spec 4, and a sign-out that must reach the server)", () => {
  it("retries a failed sign-out under spec 9's policy (1 s, 2 s) and ends signed out once the server confirms", async () => {
    const server = scriptedServer([503, "offline", 200]);
    const { api, session, failures } = await signedInSession(server);
    const after = await signOut(session);
    expect(after.matches({ signedOut: "left" })).toBe(true);
    expect(after.context.user).toBeNull();
    expect(api.hasAuthorization()).toBe(false);
    expect(server.gaps()).toEqual([1000, 2000]);
    expect(failures).toEqual([]);
  });

  it("stays signed in, and says why, when the server cannot be reached after the policy's three retries", async () => {
    const server = scriptedServer(["offline"]);
    const { api, session, failures } = await signedInSession(server);
    const after = await signOut(session);
    expect(after.matches("signedIn")).toBe(true);
    expect(after.context.user).toEqual(user);
    expect(api.hasAuthorization()).toBe(true);
    expect(server.gaps()).toEqual([1000, 2000, 4000]);
    expect(failures).toEqual([
      expect.objectContaining({ status: undefined, message: expect.stringContaining("Failed to fetch") }),
    ]);
  });

  it("gives up at once on an answer retrying cannot change (403), still signed in", async () => {
    const server = scriptedServer([403]);
    const { session, failures } = await signedInSession(server);
    const after = await signOut(session);
    expect(after.matches("signedIn")).toBe(true);
    expect(server.arrivals).toHaveLength(1);
    expect(failures).toEqual([expect.objectContaining({ status: 403 })]);
  });

  it("counts a 401 (no session left to end) as signed out", async () => {
    const server = scriptedServer([401]);
    const { api, session, failures } = await signedInSession(server);
    // The client tries to mend the 401 with a refresh, which finds the session gone too: the 401 goes on.
    const after = await signOut(session);
    expect(after.matches({ signedOut: "left" })).toBe(true);
    expect(after.context.user).toBeNull();
    expect(api.hasAuthorization()).toBe(false);
    expect(failures).toEqual([]);
  });
});
