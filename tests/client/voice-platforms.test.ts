import type { FailureFacts } from "@machines/failure";
import type {
  AssistantConnection,
  AssistantConnectionWithSecret,
} from "@shared/assistant-connections.schema";
import { environmentManager, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { LIVE_REFRESH_MS } from "../../src/client/features/calls/calls.queries";
import { provideAssistantConnection } from "../../src/client/features/voice-platforms/voice-platforms.actors";
import { assistantConnectionQueries } from "../../src/client/features/voice-platforms/voice-platforms.queries";
import { createApiClient } from "../../src/client/lib/api-client";
import { createQueryClient } from "../../src/client/lib/query-client";

const ORIGIN = "https://portal.example.test";
const ID = "5b0c2a4e-8f3d-4c61-9a77-2f1e0d9c8b7a";
const RETELL_KEY = "key_a1b2c3d4e5f6a7b8c9d0";

const connection = (provider: "vapi" | "retell", secret: string | null): AssistantConnectionWithSecret => ({
  _id: ID,
  provider,
  webhookUrl: `${ORIGIN}/api/integrations/${provider}/${ID}`,
  createdAt: "2026-11-27T10:00:00.000Z",
  secretRotatedAt: null,
  lastEventAt: null,
  recentDeliveries: [],
  secret,
});

/** The server's answers, in spec 7's envelope, and the requests made (method, path, body). */
function fakeServer(refuse = false) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const body = request.method === "GET" ? "" : await request.text();
    asked.push(`${request.method} ${path} ${body}`.trim());
    const json = (code: number, data: unknown) =>
      new Response(JSON.stringify(data), { status: code, headers: { "Content-Type": "application/json" } });
    if (refuse)
      return json(400, { success: false, error: { message: "apiKey", code: "VALIDATION", field: "apiKey" } });
    if (request.method === "DELETE") return json(200, { success: true, data: null });
    const provider = body.includes("retell") || body.includes("apiKey") ? "retell" : "vapi";
    const answer = connection(provider, provider === "vapi" ? "cds_made-by-the-server" : null);
    return json(path.endsWith("/assistant-connections") ? 201 : 200, { success: true, data: answer });
  };
  return { fetch, asked };
}

function start(server = fakeServer()) {
  const api = createApiClient({ baseURL: `${ORIGIN}/api`, fetch: server.fetch });
  const queryClient = createQueryClient();
  const listKey = assistantConnectionQueries.list(api).queryKey;
  queryClient.setQueryData(listKey, []);
  const said: string[] = [];
  const failed = (what: string) => (provider: string, failure: FailureFacts) =>
    said.push(`${what}:${provider}:${failure.code}`);
  const actor = createActor(
    provideAssistantConnection({
      api,
      queryClient,
      onConnected: (provider) => said.push(`connected:${provider}`),
      onConnectFailed: failed("connectFailed"),
      onRotated: (provider) => said.push(`rotated:${provider}`),
      onRotateFailed: failed("rotateFailed"),
      onRemoved: (provider) => said.push(`removed:${provider}`),
      onRemoveFailed: failed("removeFailed"),
    }),
  ).start();
  const listStale = () => queryClient.getQueryState(listKey)?.isInvalidated === true;
  return { actor, said, asked: server.asked, listStale };
}

describe("the voice assistant card's requests and toasts", () => {
  it("connects Vapi with nothing typed, shows its secret once and has the list read again", async () => {
    const run = start();
    run.actor.send({ type: "connect", provider: "vapi" });
    await waitFor(run.actor, (s) => s.matches("secretShown"));
    expect(run.asked).toEqual(['POST /api/assistant-connections {"provider":"vapi"}']);
    expect(run.actor.getSnapshot().context.secret).toEqual({
      connectionId: ID,
      value: "cds_made-by-the-server",
    });
    // The list was marked for reading before the secret showed: the panel it shows in is there.
    expect(run.listStale()).toBe(true);
    expect(run.said).toEqual(["connected:vapi"]);
  });

  it("connects Retell with the owner's key, rotates with a new one, and removes", async () => {
    const run = start();
    run.actor.send({ type: "apiKey.change", apiKey: RETELL_KEY });
    run.actor.send({ type: "connect", provider: "retell" });
    await waitFor(run.actor, (s) => s.matches("idle") && run.said.length === 1);
    run.actor.send({ type: "rotate.ask", connection: { id: ID, provider: "retell" } });
    run.actor.send({ type: "apiKey.change", apiKey: `${RETELL_KEY}2` });
    run.actor.send({ type: "rotate.confirm" });
    await waitFor(run.actor, (s) => s.matches("idle") && run.said.length === 2);
    run.actor.send({ type: "remove.ask", connection: { id: ID, provider: "retell" } });
    run.actor.send({ type: "remove.confirm" });
    await waitFor(run.actor, (s) => s.matches("idle") && run.said.length === 3);
    expect(run.asked).toEqual([
      `POST /api/assistant-connections {"provider":"retell","apiKey":"${RETELL_KEY}"}`,
      `POST /api/assistant-connections/${ID}/rotate-secret {"apiKey":"${RETELL_KEY}2"}`,
      `DELETE /api/assistant-connections/${ID}`,
    ]);
    expect(run.said).toEqual(["connected:retell", "rotated:retell", "removed:retell"]);
    expect(run.actor.getSnapshot().context.secret).toBeNull();
  });

  it("says why a connect was refused, keeps the key as typed, and marks it as the field at fault", async () => {
    const run = start(fakeServer(true));
    run.actor.send({ type: "apiKey.change", apiKey: RETELL_KEY });
    run.actor.send({ type: "connect", provider: "retell" });
    await waitFor(run.actor, (s) => s.matches("idle") && s.context.failure !== null);
    expect(run.said).toEqual(["connectFailed:retell:VALIDATION"]);
    expect(run.actor.getSnapshot().context).toMatchObject({
      apiKey: RETELL_KEY,
      failure: { field: "apiKey", code: "VALIDATION" },
    });
    // The list is read again even so: whatever the server did is shown.
    expect(run.listStale()).toBe(true);
  });
});

describe("the voice assistant card's list of connections", () => {
  afterEach(() => {
    vi.useRealTimers();
    environmentManager.setIsServer(() => true);
  });

  it("is read again every 5 s while it holds a connection (its deliveries arrive live), and not without one", async () => {
    vi.useFakeTimers();
    // A browser's query client, whose timers run (in Node, react-query takes itself for a server's and runs none).
    environmentManager.setIsServer(() => false);
    let connections: AssistantConnection[] = [];
    let reads = 0;
    const fetch: typeof globalThis.fetch = async () => {
      reads++;
      return new Response(JSON.stringify({ success: true, data: connections }), {
        headers: { "Content-Type": "application/json" },
      });
    };
    const api = createApiClient({ baseURL: `${ORIGIN}/api`, fetch });
    const observer = new QueryObserver(createQueryClient(), assistantConnectionQueries.list(api));
    const stop = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    // Nothing can arrive without a connection: no reading beyond the list's own freshness.
    await vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS);
    expect(reads).toBe(1);

    const { secret: _, ...connected } = connection("vapi", null);
    connections = [connected];
    await observer.refetch();
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    expect(reads).toBe(3);
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    expect(reads).toBe(4);
    // The card closed: no more reading.
    stop();
    await vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS);
    expect(reads).toBe(4);
  });
});
