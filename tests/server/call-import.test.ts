import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import type { CallImportResult } from "../../src/shared/call-import.schema";
import { signUp } from "../support/server-accounts";
import { createAssistantKey, dataOf, listCalls } from "../support/server-calls";
import { readEnvelope, serverForFile } from "../support/server-harness";
import { expectTrueCounts } from "../support/true-counts";

const server = serverForFile();

const importCalls = (key: string, calls: unknown) =>
  server.request("/api/assistant/calls/import", {
    json: { calls },
    headers: { "x-api-key": key },
    origin: null,
  });

async function tenant() {
  const staff = await signUp(server);
  const { key } = await createAssistantKey(server, staff);
  return { staff, key, businessId: staff.user.businessId };
}

const report = (i: number, extra: Record<string, unknown> = {}) => ({
  externalId: `hist-${i}`,
  callerNumber: `+1 555 ${String(i).padStart(4, "0")}`,
  // Newest first, as most platforms export their history.
  startedAt: new Date(Date.UTC(2025, 5, 1) - i * 3_600_000).toISOString(),
  status: "completed",
  durationSeconds: 60,
  ...extra,
});

const storedCount = async (businessId: string) =>
  (
    await rawRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from calls where business_id = ${businessId}::uuid`,
    )
  )[0]!.n;

describe("POST /api/assistant/calls/import", () => {
  it("stores a thousand reports in one request, and importing them again creates nothing", async () => {
    const { staff, key, businessId } = await tenant();
    const calls = Array.from({ length: 1000 }, (_, i) => report(i));
    const first = await dataOf<CallImportResult>(await importCalls(key, calls));
    expect(first).toMatchObject({ accepted: 1000, refused: 0 });
    expect(first.results.every((r) => r.accepted && r.created)).toBe(true);
    expect(first.results.map((r) => r.index)).toEqual(calls.map((_, i) => i));
    const again = await dataOf<CallImportResult>(await importCalls(key, calls));
    expect(again).toMatchObject({ accepted: 1000, refused: 0 });
    expect(again.results.some((r) => r.accepted && r.created)).toBe(false);
    expect((await listCalls(server, staff)).total).toBe(1000);
    await expectTrueCounts(server.db, businessId);
  });

  it("refuses each bad item with its reason and stores every other one whole", async () => {
    const { key, businessId } = await tenant();
    const calls = [
      report(1),
      { ...report(2), status: "answered" },
      report(3, { startedAt: "2025-02-30T10:00:00Z" }),
      report(4, { summary: "\u0000" }),
      "not a report",
      report(5, { transcript: [{ speaker: "caller", text: "Hello", offsetSeconds: 0 }] }),
      { ...report(6), extra: true },
      report(7, { recordingUrl: "https://[::ffff:127.0.0.1]/a.mp3" }),
    ];
    const result = await dataOf<CallImportResult>(await importCalls(key, calls));
    expect(result).toMatchObject({ accepted: 2, refused: 6 });
    const refused = result.results.filter((r) => !r.accepted);
    expect(refused.map((r) => [r.index, r.externalId])).toEqual([
      [1, "hist-2"],
      [2, "hist-3"],
      [3, "hist-4"],
      [4, null],
      [6, "hist-6"],
      [7, "hist-7"],
    ]);
    const messages = refused.map((r) => (r.accepted ? "" : r.error.message));
    expect(messages[0]).toMatch(/status/);
    expect(messages[1]).toMatch(/startedAt/);
    expect(messages[2]).toMatch(/summary/);
    expect(messages[4]).toMatch(/extra/);
    expect(messages[5]).toMatch(/recordingUrl/);
    expect(await storedCount(businessId)).toBe(2);
    await expectTrueCounts(server.db, businessId);
  });

  it("applies several reports of one call in order, and keeps a finished call finished", async () => {
    const { staff, key } = await tenant();
    const result = await dataOf<CallImportResult>(
      await importCalls(key, [
        report(1, { status: "in-progress" }),
        report(1, { status: "completed", summary: "Booked" }),
        report(1, { status: "in-progress" }),
      ]),
    );
    expect(result.results.map((r) => r.accepted && r.created)).toEqual([true, false, false]);
    const [call] = (await listCalls(server, staff)).data;
    expect(call).toMatchObject({ status: "completed", summary: "Booked" });
  });

  it("refuses an empty import, more than 1,000 reports, and no key, with nothing stored", async () => {
    const { key, businessId } = await tenant();
    for (const calls of [[], Array.from({ length: 1001 }, (_, i) => report(i)), "x"]) {
      const response = await importCalls(key, calls);
      expect(response.status).toBe(400);
      const body = await readEnvelope(response);
      expect(body.success || body.error.message).toMatch(/calls/);
    }
    expect((await importCalls("cdk_wrong", [report(1)])).status).toBe(401);
    expect(await storedCount(businessId)).toBe(0);
  });

  it("takes bodies far over other requests' 64 KiB, up to 8 MiB", async () => {
    const { key } = await tenant();
    const summary = "Asked about prices and opening hours. ".repeat(100);
    const calls = Array.from({ length: 200 }, (_, i) => report(i, { summary }));
    expect(JSON.stringify({ calls }).length).toBeGreaterThan(512 * 1024);
    expect(await dataOf<CallImportResult>(await importCalls(key, calls))).toMatchObject({ accepted: 200 });
    const huge = Array.from({ length: 1000 }, (_, i) => report(i, { summary: "x".repeat(3999) }));
    const padded = [...huge, ...huge].slice(0, 1000).map((call, i) => ({
      ...call,
      transcript: [{ speaker: "caller", text: "y".repeat(5000), offsetSeconds: i }],
    }));
    expect(JSON.stringify({ calls: padded }).length).toBeGreaterThan(8 * 1024 * 1024);
    expect((await importCalls(key, padded)).status).toBe(413);
  });

  it("keeps an import to the key's own business", async () => {
    const a = await tenant();
    const b = await tenant();
    await dataOf(await importCalls(a.key, [report(1), report(2)]));
    await dataOf(await importCalls(b.key, [report(1)]));
    expect((await listCalls(server, a.staff)).total).toBe(2);
    expect((await listCalls(server, b.staff)).total).toBe(1);
  });
});
