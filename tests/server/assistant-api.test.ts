import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { replaceWeeklySchedule } from "../../src/server/availability/weekly-hours.repo";
import { assistantKeys } from "../../src/server/db/schema/assistant-keys.schema";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import { calls } from "../../src/server/db/schema/calls.schema";
import { services } from "../../src/server/db/schema/services.schema";
import { insertServices } from "../../src/server/services/services.repo";
import type { AssistantConfig, AssistantKey } from "../../src/shared/assistant.schema";
import type { CallDetail, CallReport, CallReportResult } from "../../src/shared/calls.schema";
import { weeklyScheduleOf } from "../../src/shared/weekly-schedule";
import { expectOwnOriginStaffOnly, type SignedIn, signUp } from "../support/server-accounts";
import { createAssistantKey, dataOf, listCalls, reportCall } from "../support/server-calls";
import { MINUTE, SECOND } from "../support/server-clock";
import { readEnvelope, serverForFile } from "../support/server-harness";

const server = serverForFile();

const listKeys = async (staff: SignedIn) =>
  dataOf<AssistantKey[]>(await server.request("/api/assistant/keys", { accessToken: staff.accessToken }));

const detail = async (staff: SignedIn, id: string) =>
  dataOf<CallDetail>(await server.request(`/api/calls/${id}`, { accessToken: staff.accessToken }));

describe("assistant keys (staff)", () => {
  it("shows a key once as cdk_ + 32 random bytes, stores its SHA-256 and last four only", async () => {
    const staff = await signUp(server);
    const created = await createAssistantKey(server, staff, "Main line");
    expect(created.key).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "Main line", last4: created.key.slice(-4), lastUsedAt: null });
    const [row] = await server.db.select().from(assistantKeys).where(eq(assistantKeys.id, created._id));
    expect(row!.keyHash).toBe(createHash("sha256").update(created.key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(JSON.stringify(await listKeys(staff))).not.toContain(created.key);
  });

  it("lists active keys newest first; revoking hides a key and refuses it at once, then 404s", async () => {
    const staff = await signUp(server);
    const older = await createAssistantKey(server, staff, "Older");
    server.clock.advance(SECOND);
    const newer = await createAssistantKey(server, staff, "Newer");
    expect((await listKeys(staff)).map((key) => key.name)).toEqual(["Newer", "Older"]);
    expect(
      (await server.request("/api/assistant/config", { headers: { "x-api-key": older.key } })).status,
    ).toBe(200);
    const revoke = (id: string) =>
      server.request(`/api/assistant/keys/${id}`, { method: "DELETE", accessToken: staff.accessToken });
    expect((await revoke(older._id)).status).toBe(200);
    expect((await listKeys(staff)).map((key) => key.name)).toEqual(["Newer"]);
    expect(
      (await server.request("/api/assistant/config", { headers: { "x-api-key": older.key } })).status,
    ).toBe(401);
    expect((await reportCall(server, older.key, { externalId: "x" })).status).toBe(401);
    expect(
      (
        await reportCall(server, newer.key, {
          externalId: "y",
          callerNumber: "1",
          startedAt: "2026-03-02",
          status: "missed",
        })
      ).status,
    ).toBe(201);
    expect((await revoke(older._id)).status).toBe(404);
    expect((await revoke("not-a-uuid")).status).toBe(404);
    expect((await revoke(crypto.randomUUID())).status).toBe(404);
  });

  it("keeps key management to signed-in staff of the app's own origin, and names to 1–100 characters", async () => {
    const staff = await signUp(server);
    await expectOwnOriginStaffOnly(server, staff, "/api/assistant/keys", "POST", { name: "Evil" });
    const empty = await server.request("/api/assistant/keys", {
      json: { name: "" },
      accessToken: staff.accessToken,
    });
    expect(empty.status).toBe(400);
    expect(await listKeys(staff)).toEqual([]);
  });

  it("stamps lastUsedAt on first use and then at most once a minute", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const use = () => server.request("/api/assistant/config", { headers: { "x-api-key": key } });
    const lastUsed = async () => (await listKeys(staff))[0]!.lastUsedAt;
    await use();
    const first = await lastUsed();
    expect(first).toBe(server.clock().toISOString());
    server.clock.advance(59 * SECOND);
    await use();
    expect(await lastUsed()).toBe(first);
    server.clock.advance(2 * SECOND);
    await use();
    expect(await lastUsed()).toBe(server.clock().toISOString());
  });
});

describe("X-Api-Key", () => {
  it.each([
    ["no key", {}],
    ["a malformed key", { "x-api-key": "cdk_short" }],
    ["an unknown key", { "x-api-key": `cdk_${"A".repeat(43)}` }],
    ["a staff access token instead", { authorization: "Bearer x" }],
  ])("refuses %s with 401 on both assistant routes", async (_, headers: Record<string, string>) => {
    for (const response of [
      await server.request("/api/assistant/config", { headers }),
      await server.request("/api/assistant/calls", { json: {}, headers, origin: null }),
    ]) {
      expect(response.status).toBe(401);
      expect(await readEnvelope(response)).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    }
  });

  it("is server to server: any Origin or none is fine, and a key reaches only its own business", async () => {
    const alpha = await signUp(server, `a-${Date.now()}@alpha-dental.com`);
    const beta = await signUp(server, `b-${Date.now()}@beta-dental.com`);
    const { key } = await createAssistantKey(server, alpha);
    const call = {
      externalId: "x-1",
      callerNumber: "+1 555 0100",
      startedAt: "2026-03-02T10:00:00Z",
      status: "completed",
    };
    const response = await server.request("/api/assistant/calls", {
      json: call,
      headers: { "x-api-key": key },
      origin: "https://voice-platform.example",
    });
    expect(response.status).toBe(201);
    expect((await listCalls(server, alpha)).total).toBe(1);
    expect((await listCalls(server, beta)).total).toBe(0);
    const config = await dataOf<AssistantConfig>(
      await server.request("/api/assistant/config", { headers: { "x-api-key": key } }),
    );
    expect(config.companyName).toBe("Alpha Dental");
  });
});

describe("POST /api/assistant/calls", () => {
  let staff: SignedIn;
  let key: string;
  beforeAll(async () => {
    staff = await signUp(server);
    key = (await createAssistantKey(server, staff)).key;
  });
  const send = async (report: Partial<CallReport>) => {
    const response = await reportCall(server, key, report);
    return { status: response.status, result: await dataOf<CallReportResult>(response) };
  };
  const full: CallReport = {
    externalId: "full",
    callerNumber: "+1 718 555 0142",
    callerName: "Maria Lopez",
    startedAt: "2026-03-02T15:00:00.000Z",
    status: "in-progress",
    durationSeconds: 30,
    outcome: "inquiry",
    summary: "Asking about whitening",
    transcript: [{ speaker: "assistant", text: "Hello!", offsetSeconds: 0 }],
    recordingUrl: "https://recordings.example/full.mp3",
    serviceName: "Teeth Whitening",
  };

  it("keeps optional fields a report leaves out, clears those it sends as null, replaces the rest", async () => {
    const { status, result } = await send(full);
    expect(status).toBe(201);
    expect(result).toMatchObject({ externalId: "full", created: true });
    const minimal = { externalId: "full", callerNumber: full.callerNumber, startedAt: full.startedAt };
    expect((await send({ ...minimal, status: "in-progress", durationSeconds: 45 })).status).toBe(200);
    expect(await detail(staff, result._id)).toMatchObject({
      customerName: "Maria Lopez",
      duration: 45,
      outcome: "inquiry",
      summary: "Asking about whitening",
      transcript: full.transcript,
      recordingUrl: full.recordingUrl,
      serviceName: "Teeth Whitening",
    });
    const turns = [
      ...full.transcript!,
      { speaker: "caller" as const, text: "How much is it?", offsetSeconds: 3 },
    ];
    await send({
      ...minimal,
      status: "completed",
      callerName: null,
      outcome: null,
      summary: null,
      recordingUrl: null,
      serviceName: null,
      transcript: turns,
    });
    expect(await detail(staff, result._id)).toMatchObject({
      status: "completed",
      customerName: null,
      outcome: null,
      summary: null,
      recordingUrl: null,
      serviceName: null,
      duration: 45,
      transcript: turns,
    });
  });

  it("leaves a finished call untouched by a stale in-progress report, but takes a corrected final status", async () => {
    const { result } = await send({ ...full, externalId: "stale", status: "completed" });
    const before = await detail(staff, result._id);
    server.clock.advance(MINUTE);
    const stale = await send({
      ...full,
      externalId: "stale",
      status: "in-progress",
      summary: "late",
      durationSeconds: 5,
    });
    expect(stale).toEqual({ status: 200, result: { _id: result._id, externalId: "stale", created: false } });
    expect(await detail(staff, result._id)).toEqual(before);
    await send({ ...full, externalId: "stale", status: "failed" });
    expect((await detail(staff, result._id)).status).toBe("failed");
  });

  it("reads startedAt as ISO 8601: an offset exactly, no offset in the business's timezone", async () => {
    const startOf = async (externalId: string, startedAt: string) =>
      (await detail(staff, (await send({ ...full, externalId, startedAt })).result._id)).startTime;
    expect(await startOf("offset", "2026-03-02T10:00:00+01:00")).toBe("2026-03-02T09:00:00.000Z");
    expect(await startOf("local", "2026-03-02T10:00")).toBe("2026-03-02T15:00:00.000Z");
    expect(await startOf("date", "2026-07-04")).toBe("2026-07-04T04:00:00.000Z");
  });

  it.each([
    [{ callerNumber: "" }, "callerNumber"],
    [{ callerNumber: "1".repeat(41) }, "callerNumber"],
    [{ callerName: 42 }, "callerName"],
    [{ startedAt: "2026-02-30T10:00:00Z" }, "startedAt"],
    [{ startedAt: "2026-W10-1" }, "startedAt"],
    [{ status: "answered" }, "status"],
    [{ durationSeconds: 1.5 }, "durationSeconds"],
    [{ outcome: "sold" }, "outcome"],
    [{ summary: "x".repeat(4001) }, "summary"],
    [{ transcript: [{ speaker: "caller", text: "hi", offsetSeconds: -1 }] }, "offsetSeconds"],
    [{ transcript: "hello" }, "transcript"],
    [{ recordingUrl: "/local.mp3" }, "recordingUrl"],
    [{ recordingUrl: "https://user:pw@recordings.example.com/a.mp3" }, "recordingUrl"],
    [{ recordingUrl: "https://127.0.0.1:22/a.mp3" }, "recordingUrl"],
    [{ recordingUrl: "https://[::1]/a.mp3" }, "recordingUrl"],
    [{ recordingUrl: "https://localhost/a.mp3" }, "recordingUrl"],
    [{ recordingUrl: "https://10.0.0.7/a.mp3" }, "recordingUrl"],
    [{ recordingUrl: "https://169.254.169.254/latest/meta-data" }, "recordingUrl"],
    [{ serviceName: ["x"] }, "serviceName"],
    [{ summary: "before\u0000after" }, "summary"],
    [
      { transcript: [{ speaker: "caller", text: "half a pair \ud83d", offsetSeconds: 0 }] },
      "transcript[0].text",
    ],
    [{ extra: 1 }, "extra"],
  ])("refuses %j with 400 naming %s, and writes nothing", async (bad, field) => {
    const before = await server.db.$count(calls);
    const response = await reportCall(server, key, { ...full, externalId: `bad-${field}`, ...bad });
    expect(response.status).toBe(400);
    const body = await readEnvelope(response);
    expect(body).toMatchObject({ success: false, error: { code: "VALIDATION" } });
    if (!body.success) expect(body.error.message).toContain(field);
    expect(await server.db.$count(calls)).toBe(before);
  });
});

describe("GET /api/assistant/config", () => {
  it("gives the key's business, its hours and its active services only", async () => {
    const staff = await signUp(server, `owner-${Date.now()}@smile-studio.com`);
    const other = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    await server.db
      .update(businesses)
      .set({ greeting: "Hello from Smile Studio!" })
      .where(eq(businesses.id, staff.user.businessId));
    await replaceWeeklySchedule(
      server.db,
      staff.user.businessId,
      weeklyScheduleOf([1, 2, 3], { start: "09:00", end: "17:00" }),
    );
    await insertServices(server.db, staff.user.businessId, [
      {
        name: "Whitening",
        durationMinutes: 90,
        priceCents: 35_000,
        description: "In-office",
        category: "beauty",
      },
      { name: "Cleaning", durationMinutes: 60, priceCents: 12_050, description: null, category: "medical" },
      { name: "Night guard", durationMinutes: 30, priceCents: 28_000, isActive: false },
    ]);
    await insertServices(server.db, other.user.businessId, [{ name: "Haircut", durationMinutes: 30 }]);
    const config = await dataOf<AssistantConfig>(
      await server.request("/api/assistant/config", { headers: { "x-api-key": key } }),
    );
    const ids = await server.db
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(eq(services.businessId, staff.user.businessId));
    const idOf = (name: string) => ids.find((service) => service.name === name)!.id;
    expect(config).toEqual({
      companyName: "Smile Studio",
      phoneNumber: "",
      language: "en",
      greeting: "Hello from Smile Studio!",
      prompt: null,
      timezone: "America/New_York",
      workingHours: { start: "09:00", end: "17:00" },
      workingDays: [1, 2, 3],
      weeklySchedule: weeklyScheduleOf([1, 2, 3], { start: "09:00", end: "17:00" }),
      services: [
        {
          id: idOf("Cleaning"),
          name: "Cleaning",
          durationMinutes: 60,
          price: { amount: 120.5, currency: "USD" },
          description: null,
        },
        {
          id: idOf("Whitening"),
          name: "Whitening",
          durationMinutes: 90,
          price: { amount: 350, currency: "USD" },
          description: "In-office",
        },
      ],
      callTransfer: {
        enabled: false,
        transferPhoneNumbers: { default: "", departments: {} },
        transferMessage: "Please hold while I transfer your call.",
        workingHoursOnly: true,
        maxWaitSeconds: 300,
      },
      recordCalls: true,
    });
  });
});
