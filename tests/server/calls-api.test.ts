import type { AssistantKey, CreatedAssistantKey } from "@shared/assistant.schema";
import type { CallDetail, CallList, CallReport, CallReportResult } from "@shared/calls.schema";
import type { DashboardStats } from "@shared/dashboard.schema";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { type SignedIn, signUp } from "../support/server-accounts";
import { readEnvelope, serverForFile } from "../support/server-harness";

const server = serverForFile();

async function createKey(staff: SignedIn, name = "Front desk"): Promise<CreatedAssistantKey> {
  const response = await server.request("/api/assistant/keys", {
    json: { name },
    accessToken: staff.accessToken,
  });
  expect(response.status).toBe(201);
  const body = await readEnvelope<CreatedAssistantKey>(response);
  if (!body.success) throw new Error(body.error.message);
  return body.data;
}

const report = (key: string, call: Partial<CallReport> & Pick<CallReport, "externalId">) =>
  server.request("/api/assistant/calls", {
    json: {
      callerNumber: "+15550100",
      startedAt: new Date(server.clock().getTime() - 60_000).toISOString(),
      status: "completed",
      ...call,
    },
    headers: { "x-api-key": key },
    origin: null,
  });

async function list(
  staff: SignedIn,
  query = "",
): Promise<{ status: number; body: Awaited<ReturnType<typeof readEnvelope<CallList>>> }> {
  const response = await server.request(`/api/calls${query}`, { accessToken: staff.accessToken });
  return { status: response.status, body: await readEnvelope<CallList>(response) };
}

const data = <T>(body: Awaited<ReturnType<typeof readEnvelope<T>>>): T => {
  if (!body.success) throw new Error(body.error.message);
  return body.data;
};

describe("assistant API keys", () => {
  it("shows a key once, stores only its hash, lists it by last four, and revocation bites at once", async () => {
    const staff = await signUp(server);
    const created = await createKey(staff);
    expect(created.key).toMatch(/^cdk_/);
    expect(created.last4).toBe(created.key.slice(-4));

    const listed = data(
      await readEnvelope<AssistantKey[]>(
        await server.request("/api/assistant/keys", { accessToken: staff.accessToken }),
      ),
    );
    expect(listed.map((k) => k.name)).toEqual(["Front desk"]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const stored = await rawRows<{ key_hash: string; last4: string }>(
      server.db,
      sql`select key_hash, last4 from assistant_keys`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key_hash).not.toContain(created.key);
    expect(JSON.stringify(stored)).not.toContain(created.key);

    expect((await report(created.key, { externalId: "k-1" })).status).toBe(201);
    const revoked = await server.request(`/api/assistant/keys/${created._id}`, {
      method: "DELETE",
      accessToken: staff.accessToken,
    });
    expect(revoked.status).toBe(200);
    expect((await report(created.key, { externalId: "k-2" })).status).toBe(401);
    const after = data(
      await readEnvelope<AssistantKey[]>(
        await server.request("/api/assistant/keys", { accessToken: staff.accessToken }),
      ),
    );
    expect(after).toEqual([]);
  });

  it("refuses a missing or wrong key with 401, and another business's key id with 404", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const key = await createKey(owner);
    expect((await server.request("/api/assistant/config", { origin: null })).status).toBe(401);
    expect(
      (await server.request("/api/assistant/config", { headers: { "x-api-key": "cdk_nope" } })).status,
    ).toBe(401);
    const foreign = await server.request(`/api/assistant/keys/${key._id}`, {
      method: "DELETE",
      accessToken: stranger.accessToken,
    });
    expect(foreign.status).toBe(404);
    expect((await report(key.key, { externalId: "still-works" })).status).toBe(201);
  });
});

describe("call reports", () => {
  it("is idempotent per externalId, also under 20 concurrent identical reports", async () => {
    const staff = await signUp(server);
    const { key } = await createKey(staff);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => report(key, { externalId: "same-call" })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(
      await Promise.all(responses.map(async (r) => data(await readEnvelope<CallReportResult>(r))._id)),
    );
    expect(ids.size).toBe(1);
    const page = data((await list(staff)).body);
    expect(page.total).toBe(1);
    expect(page.data).toHaveLength(1);
  });

  it("never moves a finished call back to in-progress; other updates apply; null clears", async () => {
    const staff = await signUp(server);
    const { key } = await createKey(staff);
    await report(key, { externalId: "c1", status: "in-progress", summary: "Caller asking about whitening" });
    await report(key, { externalId: "c1", status: "completed", outcome: "booked", durationSeconds: 185 });
    const stale = await report(key, { externalId: "c1", status: "in-progress", summary: "stale" });
    expect(stale.status).toBe(200);
    const [call] = data((await list(staff)).body).data;
    expect(call).toMatchObject({ status: "completed", outcome: "booked", duration: 185 });
    expect(call!.summary).toBe("Caller asking about whitening");
    await report(key, { externalId: "c1", status: "completed", summary: null });
    const detail = data(
      await readEnvelope<CallDetail>(
        await server.request(`/api/calls/${call!._id}`, { accessToken: staff.accessToken }),
      ),
    );
    expect(detail.summary).toBeNull();
    expect(detail.outcome).toBe("booked");
  });

  it.each([
    [{ externalId: "" }, "externalId"],
    [{ externalId: "x", status: "answered" }, "status"],
    [{ externalId: "x", startedAt: "yesterday" }, "startedAt"],
    [{ externalId: "x", durationSeconds: -1 }, "durationSeconds"],
    [{ externalId: "x", recordingUrl: "http://example.com/a.mp3" }, "recordingUrl"],
    [{ externalId: "x", transcript: [{ speaker: "robot", text: "hi", offsetSeconds: 0 }] }, "speaker"],
    [{ externalId: "x", extra: true }, "extra"],
  ])("refuses %j with 400 naming %s, writing nothing", async (bad, field) => {
    const staff = await signUp(server);
    const { key } = await createKey(staff);
    const response = await report(key, bad as never);
    expect(response.status).toBe(400);
    const body = await readEnvelope(response);
    expect(body.success).toBe(false);
    if (!body.success) {
      expect(body.error.message).toContain(field);
      expect(body.error.field).toContain(field);
    }
    expect(data((await list(staff)).body).total).toBe(0);
  });
});

describe("GET /api/calls", () => {
  let staff: SignedIn;
  let key: string;
  const base = Date.parse("2026-03-02T12:00:00.000Z");
  beforeAll(async () => {
    staff = await signUp(server);
    key = (await createKey(staff)).key;
    // 11 calls, one minute apart, reported oldest first except two out of order.
    const order = [0, 1, 2, 3, 4, 5, 6, 9, 7, 8, 10];
    for (const i of order) {
      const status = i % 3 === 0 ? "missed" : "completed";
      const started = new Date(base - (11 - i) * 60_000).toISOString();
      expect((await report(key, { externalId: `p-${i}`, startedAt: started, status })).status).toBe(201);
    }
  });

  it("pages newest first with an exact total (10 + 1), and a page past the end is empty", async () => {
    const first = data((await list(staff, "?page=1&limit=10")).body);
    expect(first).toMatchObject({ total: 11, page: 1, totalPages: 2 });
    const starts = first.data.map((c) => c.startTime);
    expect(starts).toEqual([...starts].sort().reverse());
    const second = data((await list(staff, "?page=2&limit=10")).body);
    expect(second.data).toHaveLength(1);
    expect(Date.parse(second.data[0]!.startTime)).toBe(base - 11 * 60_000);
    const beyond = data((await list(staff, "?page=3&limit=10")).body);
    expect(beyond).toMatchObject({ total: 11, page: 3, data: [] });
    const exact = data((await list(staff, "?page=1&limit=11")).body);
    expect(exact).toMatchObject({ totalPages: 1 });
  });

  it("filters by status and by date range with exact totals", async () => {
    const missed = data((await list(staff, "?status=missed")).body);
    expect(missed.total).toBe(4);
    expect(missed.data.every((c) => c.status === "missed")).toBe(true);
    const from = new Date(base - 5 * 60_000 - 1).toISOString();
    const to = new Date(base).toISOString();
    const recent = data((await list(staff, `?startDate=${from}&endDate=${to}`)).body);
    expect(recent.total).toBe(5);
    const recentMissed = data((await list(staff, `?status=missed&startDate=${from}&endDate=${to}`)).body);
    expect(recentMissed.total).toBe(recentMissed.data.length);
    expect(recentMissed.data.every((c) => c.status === "missed")).toBe(true);
  });

  it("takes the spec's optional filters sent empty (`&status=&startDate=&endDate=`) as no filter", async () => {
    const empty = await list(staff, "?page=1&limit=10&status=&startDate=&endDate=");
    expect(empty.status).toBe(200);
    expect(data(empty.body)).toEqual(data((await list(staff, "?page=1&limit=10")).body));
  });

  it.each([
    ["?page=0", "page"],
    ["?limit=101", "limit"],
    ["?status=answered", "status"],
    ["?startDate=someday", "startDate"],
    ["?startDate=2026-03-05&endDate=2026-03-01", "startDate"],
    ["?sort=asc", "sort"],
  ])("refuses %s with 400 naming %s", async (query, name) => {
    const { status, body } = await list(staff, query);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    if (!body.success) {
      expect(body.error.message).toContain(name);
      expect(body.error.field).toBe(name);
    }
  });

  it("keeps each business's calls to itself: lists, details, stats", async () => {
    const other = await signUp(server);
    expect(data((await list(other)).body).total).toBe(0);
    const mine = data((await list(staff)).body).data[0]!;
    const foreign = await server.request(`/api/calls/${mine._id}`, { accessToken: other.accessToken });
    expect(foreign.status).toBe(404);
    const malformed = await server.request("/api/calls/not-a-uuid", { accessToken: staff.accessToken });
    expect(malformed.status).toBe(404);
    const stats = data(
      await readEnvelope<DashboardStats>(
        await server.request("/api/dashboard/stats", { accessToken: other.accessToken }),
      ),
    );
    expect(stats).toMatchObject({ totalCalls: 0, callsToday: 0, answerRate: null, recentCalls: [] });
  });

  it("counts today's calls in the business's timezone for the dashboard", async () => {
    const stats = data(
      await readEnvelope<DashboardStats>(
        await server.request("/api/dashboard/stats", { accessToken: staff.accessToken }),
      ),
    );
    // The clock stands at 12:00 UTC = 07:00 in New York: the 11 calls (10:49–10:59 UTC) are today there.
    expect(stats).toMatchObject({
      callsToday: 11,
      answeredToday: 7,
      missedToday: 4,
      answerRate: 64,
      totalCalls: 11,
    });
    expect(stats.recentCalls).toHaveLength(5);
    expect(stats.newBookings).toBe(0);
  });
});
