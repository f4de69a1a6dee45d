import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sessionUser } from "@shared/auth.schema";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError, BAD_RESPONSE, createApiClient } from "../../src/client/lib/api-client";
import { describeLoadFailure, failureMessage } from "../../src/client/lib/error-wording";
import { createQueryClient } from "../../src/client/lib/query-client";
import { responseSchemas } from "../../src/client/lib/response-schemas";
import { weeklyScheduleOf } from "../../src/shared/weekly-schedule";
import { deliverVapi, fixtureText } from "../support/platform-deliveries";
import { readZip } from "../support/read-zip";
import { uniqueEmail } from "../support/server-accounts";
import { reportCall } from "../support/server-calls";
import { startTestServer, type TestServer } from "../support/server-harness";

describe("the client reads the real server's answers through the schemas its routes declare", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** The page's Origin on every request, as a browser sends it (the server refuses unsafe calls without). */
  const fromPage: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set("origin", server.url);
    return fetch(new Request(request, { headers }));
  };

  it("checks with the very schema objects the server declares, none of which transforms what it accepts", () => {
    const { none, sessionOrNone, ...declared } = responseSchemas;
    const sharedExports = new Set(
      Object.values(import.meta.glob("../../src/shared/*.schema.ts", { eager: true })).flatMap((module) =>
        Object.values(module as object),
      ),
    );
    for (const [name, schema] of Object.entries(declared))
      expect(sharedExports.has(schema), `${name} is a schema of src/shared`).toBe(true);
    // The refresh's route declares `sessionUser.or("null")`, the null-data routes `null`.
    expect(sessionOrNone.expression).toBe(sessionUser.or("null").expression);
    expect(none.expression).toBe("null");
    for (const schema of Object.values(responseSchemas))
      expect(schema.internal.includesTransform).toBe(false);
  });

  it("signs up, reads the dashboard, keys and calls of a business, and revokes a key", async () => {
    const api = createApiClient({ baseURL: `${server.url}/api`, fetch: fromPage });
    const email = uniqueEmail("schema");
    const user = await api.post("/auth/sign-up", "sessionUser", { email, password: "correct horse" });
    expect(user.email).toBe(email);

    const key = await api.post("/assistant/keys", "createdAssistantKey", { name: "Desk" });
    expect(key.key.length).toBeGreaterThan(4);
    const reported = await reportCall(server, key.key, {
      externalId: "schema-1",
      callerNumber: "+48123456789",
      startedAt: new Date().toISOString(),
      status: "completed",
      durationSeconds: 42,
      transcript: [{ speaker: "caller", text: "Hello", offsetSeconds: 0 }],
    });
    expect(reported.status).toBe(201);

    const stats = await api.get("/dashboard/stats", "dashboardStats");
    expect(stats.totalCalls).toBe(1);
    const list = await api.get("/calls", "callList", { query: { page: 1 } });
    expect(list).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    const call = await api.get(`/calls/${list.data[0]!._id}`, "callDetail");
    expect(call.transcript).toEqual([{ speaker: "caller", text: "Hello", offsetSeconds: 0 }]);

    const keys = await api.get("/assistant/keys", "assistantKeyList");
    expect(keys.map((k) => k._id)).toEqual([key._id]);
    await expect(api.delete(`/assistant/keys/${key._id}`, "none")).resolves.toBeNull();
    await expect(api.get("/assistant/keys", "assistantKeyList")).resolves.toEqual([]);

    const created = await api.post("/services", "service", {
      name: "Check-up",
      duration: 30,
      price: 19.99,
      isActive: true,
    });
    expect(created.price).toBe(19.99);
    await expect(api.get("/services", "serviceList")).resolves.toEqual([created]);
    // A sign-up's password hash and a dozen requests: slow on a busy machine.
  }, 20_000);

  it("finds a caller, downloads their zip as a file, and erases them as the privacy desk names it", async () => {
    const api = createApiClient({ baseURL: `${server.url}/api`, fetch: fromPage });
    await api.post("/auth/sign-up", "sessionUser", { email: uniqueEmail("desk"), password: "correct horse" });
    const key = await api.post("/assistant/keys", "createdAssistantKey", { name: "Desk" });
    const reported = await reportCall(server, key.key, {
      externalId: "desk-1",
      callerNumber: "+48 123 456 789",
      startedAt: new Date().toISOString(),
      status: "completed",
    });
    expect(reported.status).toBe(201);
    const search = { phone: "+48123456789" };
    const found = await api.get("/privacy/caller", "callerData", { query: search });
    expect(found.calls).toHaveLength(1);
    const zip = await api.download("/privacy/caller/export", { query: search });
    const files = await readZip(new Uint8Array(await new Response(zip.body).arrayBuffer()));
    expect(JSON.parse(files.get("calls.json")!)).toMatchObject([{ fromNumber: "+48 123 456 789" }]);
    const receipt = await api.post("/privacy/caller/erase", "erasureReceipt", { ...search, decisions: [] });
    expect(receipt).toMatchObject({ calls: 1, bookings: 0 });
    // A download refused is an ApiError as any call's failure.
    await expect(api.download("/privacy/caller/export")).rejects.toMatchObject({
      status: 400,
      code: "VALIDATION",
      field: "phone",
    });
  });

  it("reads and saves the data protection settings and reads the purge preview as the card names them", async () => {
    const api = createApiClient({ baseURL: `${server.url}/api`, fetch: fromPage });
    await api.post("/auth/sign-up", "sessionUser", {
      email: uniqueEmail("privacy"),
      password: "correct horse",
    });
    const saved = await api.put("/privacy/settings", "privacySettings", { callContentDays: 30 });
    expect(saved).toEqual({
      recordCalls: true,
      callContentDays: 30,
      callRowDays: null,
      bookingPersonalDays: null,
    });
    await expect(api.get("/privacy/settings", "privacySettings")).resolves.toEqual(saved);
    await expect(api.get("/privacy/retention-preview", "retentionPreview")).resolves.toEqual({
      callContents: 0,
      calls: 0,
      bookings: 0,
    });
  });

  it("connects Vapi, lists its delivery, rotates its secret and removes it as the voice assistant card names them", async () => {
    const api = createApiClient({ baseURL: `${server.url}/api`, fetch: fromPage });
    await api.post("/auth/sign-up", "sessionUser", { email: uniqueEmail("vapi"), password: "correct horse" });
    const created = await api.post("/assistant-connections", "assistantConnectionWithSecret", {
      provider: "vapi",
    });
    expect(created.secret).toMatch(/^cds_/);
    const delivered = await deliverVapi(
      server,
      { _id: created._id, secret: created.secret! },
      fixtureText("vapi", "end-of-call-report"),
    );
    expect(delivered.status).toBe(200);
    const wrong = { _id: created._id, secret: "cds_not-the-secret" };
    expect((await deliverVapi(server, wrong, fixtureText("vapi", "end-of-call-report"))).status).toBe(401);
    const [listed] = await api.get("/assistant-connections", "assistantConnectionList");
    expect(listed).toMatchObject({
      _id: created._id,
      recentDeliveries: [
        { result: "refused", reasonCode: "wrong_secret" },
        { result: "accepted", reasonCode: null },
      ],
    });
    expect(listed).not.toHaveProperty("secret");
    const tools = await api.get(`/assistant-connections/${created._id}/tools`, "assistantConnectionTools");
    expect(tools.provider).toBe("vapi");
    expect(tools.tools).toHaveLength(6);
    const rotated = await api.post(
      `/assistant-connections/${created._id}/rotate-secret`,
      "assistantConnectionWithSecret",
      {},
    );
    expect(rotated.secret).not.toBe(created.secret);
    await expect(api.delete(`/assistant-connections/${created._id}`, "none")).resolves.toBeNull();
    await expect(api.get("/assistant-connections", "assistantConnectionList")).resolves.toEqual([]);
  });

  it("reads the calendar status and a disconnect's answer as the card names them", async () => {
    const api = createApiClient({ baseURL: `${server.url}/api`, fetch: fromPage });
    await api.post("/auth/sign-up", "sessionUser", {
      email: uniqueEmail("calendar"),
      password: "correct horse",
    });
    const status = await api.get("/calendar/status", "calendarStatus");
    expect(status).toMatchObject({ configured: false, connected: false, brokenAt: null });
    await expect(api.post("/calendar/disconnect", "calendarStatus")).resolves.toEqual(status);
  });

  it("hands a call's headers over with its checked data: a slots answer cut short says so", async () => {
    const api = createApiClient({ baseURL: `${server.url}/api`, fetch: fromPage });
    await api.post("/auth/sign-up", "sessionUser", {
      email: uniqueEmail("headers"),
      password: "correct horse",
    });
    const service = await api.post("/services", "service", {
      name: "Cleaning",
      duration: 60,
      price: 0,
      isActive: true,
    });
    await api.put("/availability", "availability", {
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minimumNoticeMinutes: 0,
      bookingHorizonDays: 90,
      slotStepMinutes: 1,
      weeklySchedule: weeklyScheduleOf([0, 1, 2, 3, 4, 5, 6], { start: "00:00", end: "24:00" }),
    });
    const slotsOf = (from: string, to: string) =>
      api.requestWithHeaders("/availability/slots", "slotList", {
        method: "GET",
        query: { serviceId: service._id, from, to },
      });
    // 62 days at a 1-minute step hold far more than one answer carries (the server's own test counts them).
    const cut = await slotsOf("2026-03-02", "2026-05-02");
    expect(cut.data).toHaveLength(5_000);
    expect(cut.headers.get("X-Slots-Truncated")).toBe("true");
    const whole = await slotsOf("2026-03-03", "2026-03-03");
    // Open round the clock, the day's last hour of starts runs on into the next day's hours.
    expect(whole.data).toHaveLength(24 * 60);
    expect(whole.headers.get("X-Slots-Truncated")).toBeNull();
  }, 20_000);

  it("reads the start-up refresh: no session is null, not an error", async () => {
    const api = createApiClient({ baseURL: `${server.url}/api`, fetch: fromPage });
    await expect(api.post("/auth/refresh", "sessionOrNone")).resolves.toBeNull();
  });
});

describe("a server that answers something else: a typed error, not a crash", () => {
  let broken: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (broken ? broken.close(resolve) : resolve(undefined)));
    broken = undefined;
  });

  /** A stand-in for a broken deployment: every request gets `body` with `status`; counts the requests. */
  async function brokenServer(body: string, status = 200) {
    let requests = 0;
    broken = createServer((_, response) => {
      requests++;
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(body);
    });
    await new Promise<void>((resolve) => broken!.listen(0, "127.0.0.1", resolve));
    const { port } = broken.address() as AddressInfo;
    const api = createApiClient({ baseURL: `http://127.0.0.1:${port}/api` });
    return { api, requests: () => requests };
  }

  const rowWithoutStatus = {
    _id: "c1",
    fromNumber: "+48123456789",
    customerName: null,
    startTime: "2026-11-23T08:00:00.000Z",
    duration: 30,
    outcome: null,
    summary: null,
    serviceName: null,
  };

  it("a list whose row breaks the schema is BAD_RESPONSE, shown once, without retries", async () => {
    const body = { success: true, data: { data: [rowWithoutStatus], total: 1, page: 1, totalPages: 1 } };
    const { api, requests } = await brokenServer(JSON.stringify(body));
    const queryClient = createQueryClient();
    const error: unknown = await queryClient
      .fetchQuery({ queryKey: ["calls"], queryFn: () => api.get("/calls", "callList") })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      code: BAD_RESPONSE,
      message: expect.stringMatching(/status/),
    });
    expect(requests()).toBe(1);
    // What the pages show for it: the calls pages' own fallback (spec 8), elsewhere the code's message.
    expect(describeLoadFailure(error)).toEqual({ kind: "missing" });
    expect(failureMessage({ status: 200, code: BAD_RESPONSE })?.message).toBe(
      "The server sent something this page cannot read.",
    );
  });

  it("numbers as strings, missing data, no envelope at all: each is BAD_RESPONSE", async () => {
    const wrongTypes = { success: true, data: { data: [], total: "0", page: 1, totalPages: 0 } };
    for (const body of [
      JSON.stringify(wrongTypes),
      JSON.stringify({ success: true }),
      "<html>Maintenance</html>",
    ]) {
      const { api } = await brokenServer(body);
      await expect(api.get("/dashboard/stats", "dashboardStats")).rejects.toMatchObject({
        code: BAD_RESPONSE,
      });
      await new Promise((resolve) => broken!.close(resolve));
      broken = undefined;
    }
  });

  it("a session answer that is not a user is refused by its schema", async () => {
    const { api } = await brokenServer(JSON.stringify({ success: true, data: { id: 7, email: "a@b.c" } }));
    await expect(api.post("/auth/refresh", "sessionOrNone")).rejects.toMatchObject({ code: BAD_RESPONSE });
    await expect(api.post("/auth/sign-in", "sessionUser", {})).rejects.toMatchObject({
      code: BAD_RESPONSE,
    });
  });

  it("an error body keeps its message, drops a code the client does not know", async () => {
    const body = { success: false, error: { message: "Boom", code: "SOMETHING_NEWER", field: 3 } };
    const { api } = await brokenServer(JSON.stringify(body), 500);
    const error: unknown = await api.get("/calls", "callList").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, message: "Boom", code: undefined, field: undefined });
  });
});
