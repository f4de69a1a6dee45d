import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient } from "../../src/client/lib/api-client";
import { createQueryClient } from "../../src/client/lib/query-client";
import { signUp, uniqueEmail } from "../support/server-accounts";
import { startTestServer, type TestServer } from "../support/server-harness";

/**
 * What a load through the app's query client costs: every request it sent, and when (on the fake clock) it
 * gave its answer. The requests are real; the waits between them pass at once: whenever every request sent
 * has failed and the query still fetches, the client sleeps on its retry timer, and the clock jumps to the
 * next timer. Arrivals stamped with that clock are then the exact scheduled gaps.
 */
async function load(baseURL: string, path: string, fetchImpl: typeof fetch = fetch) {
  let sent = 0;
  const counted: typeof fetch = (input, init) => {
    sent++;
    return fetchImpl(input, init);
  };
  const api = createApiClient({ baseURL, fetch: counted });
  const queryClient = createQueryClient();
  const started = Date.now();
  const answer = queryClient
    .fetchQuery({ queryKey: [path], queryFn: () => api.get(path, "bookingCounts") })
    .then(
      (data) => ({ data, error: undefined }),
      (error: unknown) => ({ data: undefined, error }),
    );
  const state = () => queryClient.getQueryCache().find({ queryKey: [path] })!.state;
  const sleeping = () => sent > 0 && state().fetchFailureCount === sent;
  while (state().fetchStatus === "fetching") {
    // The network is real: its answers come on their own, between turns of the event loop.
    if (sleeping()) await vi.advanceTimersToNextTimerAsync();
    else await new Promise((turn) => setImmediate(turn));
  }
  const outcome = await answer;
  const elapsed = Date.now() - started;
  queryClient.clear();
  return { ...outcome, elapsed };
}

// Only timers and the clock are fake: sockets, and the event-loop turns they answer on, stay real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: new Date("2026-03-02T09:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

type Answer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A stand-in for whatever sits between the app and its server (a proxy in maintenance, an overloaded
 * gateway): answers each request with the next scripted answer and notes when it came.
 */
let upstream: Server | undefined;
async function scriptedUpstream(answers: Answer[]) {
  const arrivals: number[] = [];
  upstream = createServer((_: IncomingMessage, response: ServerResponse) => {
    arrivals.push(Date.now());
    const answer = answers[Math.min(arrivals.length, answers.length) - 1]!;
    response.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
    response.end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => upstream!.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  const gaps = () => arrivals.slice(1).map((at, index) => at - arrivals[index]!);
  return { baseURL: `http://127.0.0.1:${port}/api`, arrivals, gaps };
}
afterEach(async () => {
  await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
  upstream = undefined;
});

const ok = { status: 200, body: JSON.stringify({ success: true, data: { pending: 2 } }) };

describe("one retry layer: spec 9's policy, nothing under it", () => {
  it("sends a failing load four times (not eight), 1 s, 2 s and 4 s apart, then shows the error", async () => {
    const proxy = await scriptedUpstream([{ status: 503, body: "Service Unavailable" }]);
    const { error, elapsed } = await load(proxy.baseURL, "/dashboard/stats");
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503 });
    expect(proxy.arrivals).toHaveLength(4);
    expect(proxy.gaps()).toEqual([1000, 2000, 4000]);
    expect(elapsed).toBe(7000);
  });

  it("waits as long as a 429's Retry-After (seconds) asks before trying again", async () => {
    const proxy = await scriptedUpstream([{ status: 429, headers: { "Retry-After": "2" } }, ok]);
    const { data } = await load(proxy.baseURL, "/bookings/counts");
    expect(data).toEqual({ pending: 2 });
    expect(proxy.arrivals).toHaveLength(2);
    expect(proxy.gaps()).toEqual([2000]);
  });

  it("waits until a 503's Retry-After (an HTTP date) before trying again", async () => {
    const until = new Date(Date.now() + 3000);
    const proxy = await scriptedUpstream([
      { status: 503, headers: { "Retry-After": until.toUTCString() } },
      ok,
    ]);
    const { data } = await load(proxy.baseURL, "/bookings/counts");
    expect(data).toEqual({ pending: 2 });
    expect(proxy.arrivals).toHaveLength(2);
    // The date has whole seconds, as the fake clock does: the wait is the three seconds left until then.
    expect(proxy.gaps()).toEqual([3000]);
  });

  it("sends a 404 once", async () => {
    const proxy = await scriptedUpstream([{ status: 404 }]);
    const { error } = await load(proxy.baseURL, "/calls/x");
    expect(error).toMatchObject({ status: 404 });
    expect(proxy.arrivals).toHaveLength(1);
  });
});

describe("against the real server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("a throttled call (429, Retry-After of minutes) is sent once and fails at once, with the wait", async () => {
    const email = uniqueEmail("throttled");
    await signUp(server, email, "correct horse");
    const wrong = { email, password: "wrong horse" };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await server.request("/api/auth/sign-in", { json: wrong })).status).toBe(401);
    }
    let sent = 0;
    const browserLike: typeof fetch = (input, init) => {
      sent++;
      const request = new Request(input, init);
      const headers = new Headers(request.headers);
      headers.set("origin", server.url);
      headers.set("content-type", "application/json");
      return fetch(new Request(request, { headers, method: "POST", body: JSON.stringify(wrong) }));
    };
    const { error, elapsed } = await load(`${server.url}/api`, "/auth/sign-in", browserLike);
    expect(error).toMatchObject({ status: 429, code: "THROTTLED" });
    expect((error as ApiError).retryAfter).toBeGreaterThan(60);
    expect(sent).toBe(1);
    expect(elapsed).toBe(0);
    // Six password hashes before the call under test: slow on a busy machine, and not what is measured.
  }, 20_000);
});
