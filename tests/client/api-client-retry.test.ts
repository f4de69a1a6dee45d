import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createApiClient } from "../../src/client/lib/api-client";
import { createQueryClient } from "../../src/client/lib/query-client";
import { handCheck } from "../../src/client/lib/response-schema";
import { signUp, uniqueEmail } from "../support/server-accounts";
import { startTestServer, type TestServer } from "../support/server-harness";

const anyText = handCheck((value): value is string => typeof value === "string", "text");

/** What a load through the app's query client costs: every request it sent, and when it gave its answer. */
async function load(baseURL: string, path: string, fetchImpl?: typeof fetch) {
  const api = createApiClient({ baseURL, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  const queryClient = createQueryClient();
  const started = Date.now();
  const outcome = await queryClient
    .fetchQuery({ queryKey: [path], queryFn: () => api.get(path, anyText) })
    .then(
      (data) => ({ data, error: undefined }),
      (error: unknown) => ({ data: undefined, error }),
    );
  queryClient.clear();
  return { ...outcome, elapsed: Date.now() - started };
}

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

const ok = { status: 200, body: JSON.stringify({ success: true, data: "fine" }) };
const SLACK = 50;

describe("one retry layer: spec 9's policy, nothing under it", () => {
  it("sends a failing load four times (not eight), 1 s, 2 s and 4 s apart, then shows the error", async () => {
    const proxy = await scriptedUpstream([{ status: 503, body: "Service Unavailable" }]);
    const { error, elapsed } = await load(proxy.baseURL, "/dashboard/stats");
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503 });
    expect(proxy.arrivals).toHaveLength(4);
    const gaps = proxy.gaps();
    [1000, 2000, 4000].forEach((backoff, index) => {
      expect(gaps[index]).toBeGreaterThanOrEqual(backoff - SLACK);
      expect(gaps[index]).toBeLessThan(backoff + 1000);
    });
    expect(elapsed).toBeLessThan(7000 + 2000);
  }, 20_000);

  it("waits as long as a 429's Retry-After (seconds) asks before trying again", async () => {
    const proxy = await scriptedUpstream([{ status: 429, headers: { "Retry-After": "2" } }, ok]);
    const { data } = await load(proxy.baseURL, "/calls");
    expect(data).toBe("fine");
    expect(proxy.arrivals).toHaveLength(2);
    expect(proxy.gaps()[0]).toBeGreaterThanOrEqual(2000 - SLACK);
  }, 20_000);

  it("waits until a 503's Retry-After (an HTTP date) before trying again", async () => {
    const until = new Date(Date.now() + 3000);
    const proxy = await scriptedUpstream([
      { status: 503, headers: { "Retry-After": until.toUTCString() } },
      ok,
    ]);
    const { data } = await load(proxy.baseURL, "/calls");
    expect(data).toBe("fine");
    expect(proxy.arrivals).toHaveLength(2);
    // The date has whole seconds: the wait is the seconds left until then, at least two here.
    expect(proxy.gaps()[0]).toBeGreaterThanOrEqual(2000 - SLACK);
  }, 20_000);

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
    expect(elapsed).toBeLessThan(1000);
    // Six password hashes before the call under test: slow on a busy machine, and not what is measured.
  }, 20_000);
});
