import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertCallsBulk } from "../../src/server/calls/calls-write.repo";
import { rawRows } from "../../src/server/db/raw-rows";
import { GZIP_FROM_BYTES } from "../../src/server/http/respond";
import type { CallList, CallReportResult, CallStatus } from "../../src/shared/calls.schema";
import { seededRandom } from "../support/seeded-random";
import { signUp } from "../support/server-accounts";
import { bulkCall, createAssistantKey, dataOf, listCalls, reportCall } from "../support/server-calls";
import { readEnvelope, serverForFile } from "../support/server-harness";
import { expectTrueCounts } from "../support/true-counts";

const server = serverForFile();

/** A business of its own with an assistant key, and a way to report calls into it. */
async function tenant() {
  const staff = await signUp(server);
  const { key } = await createAssistantKey(server, staff);
  const report = async (externalId: string, startedAt: string, status: CallStatus = "completed") => {
    const response = await reportCall(server, key, {
      externalId,
      callerNumber: "+1 555 0100",
      startedAt,
      status,
    });
    expect(response.status).toBeLessThan(300);
    return (await dataOf<CallReportResult>(response))._id;
  };
  return { staff, key, report, businessId: staff.user.businessId };
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute)).toISOString();
const newestFirst = (a: { startedAt: string; id: string }, b: { startedAt: string; id: string }) =>
  b.startedAt.localeCompare(a.startedAt) || b.id.localeCompare(a.id);

const callAt = (externalId: string, minute: number, status: CallStatus) =>
  bulkCall({ externalId, startedAt: new Date(at(minute)), status });

describe("newest-first order and exact counts", () => {
  it("orders by start time, ties by id, whatever order the reports arrive in", async () => {
    const { staff, report, businessId } = await tenant();
    const minutes = [5, 1, 3, 3, 0, 4, 2, 3, 6, 0];
    const sent: { startedAt: string; id: string }[] = [];
    for (const [i, minute] of minutes.entries())
      sent.push({ startedAt: at(minute), id: await report(`o-${i}`, at(minute)) });
    const page = await listCalls(server, staff, "?limit=100");
    expect(page.data.map((call) => call._id)).toEqual([...sent].sort(newestFirst).map((call) => call.id));
    await expectTrueCounts(server.db, businessId);
  });

  it("keeps totals and pages exact as calls go live, finish, move in time and arrive late", async () => {
    const { staff, report, businessId } = await tenant();
    for (let i = 0; i < 6; i++) await report(`live-${i}`, at(10 + i), "in-progress");
    await report("late", at(1), "missed");
    await report("live-2", at(12), "completed");
    await report("live-4", at(14), "failed");
    await report("live-0", at(10), "completed");
    // The assistant corrects a start time: the call moves to its new place.
    await report("live-5", at(0), "in-progress");
    const totals = async () =>
      Object.fromEntries(
        await Promise.all(
          (["in-progress", "completed", "missed", "failed"] as const).map(async (status) => [
            status,
            (await listCalls(server, staff, `?status=${status}`)).total,
          ]),
        ),
      );
    expect(await totals()).toEqual({ "in-progress": 3, completed: 2, missed: 1, failed: 1 });
    const all = await listCalls(server, staff, "?limit=3&page=3");
    expect(all).toMatchObject({ total: 7, totalPages: 3, page: 3 });
    expect(all.data.map((call) => call.startTime)).toEqual([at(0)]);
    const live = await listCalls(server, staff, "?status=in-progress&limit=2&page=2");
    expect(live.data.map((call) => call.startTime)).toEqual([at(0)]);
    await expectTrueCounts(server.db, businessId);
  });

  it("keeps counts exact through a long run of random reports, retries and corrections", async () => {
    const { staff, report, businessId } = await tenant();
    const random = seededRandom(7);
    const statuses: CallStatus[] = ["in-progress", "completed", "missed", "failed"];
    for (let i = 0; i < 120; i++) {
      const id = `r-${Math.floor(random() * 30)}`;
      await report(id, at(Math.floor(random() * 50)), statuses[Math.floor(random() * 4)]!);
    }
    await expectTrueCounts(server.db, businessId);
    const stored = await rawRows<{ status: CallStatus; n: number }>(
      server.db,
      sql`select status, count(*)::int as n from calls where business_id = ${businessId}::uuid group by status`,
    );
    for (const { status, n } of stored)
      expect((await listCalls(server, staff, `?status=${status}`)).total).toBe(n);
  });

  it("takes 20 concurrent identical reports as one call, among other calls arriving at once", async () => {
    const { staff, key, report, businessId } = await tenant();
    await report("before", at(1));
    const same = { externalId: "same", callerNumber: "+1 555 0100", startedAt: at(2), status: "completed" };
    const responses = await Promise.all([
      ...Array.from({ length: 20 }, () => reportCall(server, key, same)),
      ...Array.from({ length: 5 }, (_, i) => reportCall(server, key, { ...same, externalId: `other-${i}` })),
    ]);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(6);
    expect((await listCalls(server, staff)).total).toBe(7);
    await expectTrueCounts(server.db, businessId);
  });
});

describe("bulk loads", () => {
  it("inserts in order or not, skips known externalIds, and leaves counts exact", async () => {
    const { staff, businessId } = await tenant();
    const statuses: CallStatus[] = ["completed", "missed", "failed"];
    const first = Array.from({ length: 30 }, (_, i) => callAt(`b-${i}`, i, statuses[i % 3]!));
    expect(await insertCallsBulk(server.db, businessId, first, server.clock())).toEqual({ inserted: 30 });
    await expectTrueCounts(server.db, businessId);
    // Older calls and duplicates.
    const more = [
      callAt("b-3", 3, "completed"),
      callAt("older", -5, "missed"),
      callAt("newer", 40, "failed"),
    ];
    expect(await insertCallsBulk(server.db, businessId, more, server.clock())).toEqual({ inserted: 2 });
    await expectTrueCounts(server.db, businessId);
    expect((await listCalls(server, staff, "?status=missed")).total).toBe(11);
  });
});

describe("GET /api/calls pages and filters", () => {
  it("answers an empty history with no pages, and page 1 of 10 calls as the only page", async () => {
    const { staff, report } = await tenant();
    expect(await listCalls(server, staff)).toEqual({ data: [], total: 0, page: 1, totalPages: 0 });
    expect(await listCalls(server, staff, "?page=2")).toEqual({ data: [], total: 0, page: 2, totalPages: 0 });
    for (let i = 0; i < 10; i++) await report(`t-${i}`, at(i));
    const page = await listCalls(server, staff);
    expect(page).toMatchObject({ total: 10, totalPages: 1 });
    expect(page.data).toHaveLength(10);
    expect(await listCalls(server, staff, "?status=missed&page=4")).toEqual({
      data: [],
      total: 0,
      page: 4,
      totalPages: 0,
    });
    expect((await listCalls(server, staff, "?limit=100")).data).toHaveLength(10);
  });

  it.each([
    ["?page=abc", "page"],
    ["?page=1.5", "page"],
    ["?page=-1", "page"],
    ["?limit=0", "limit"],
    ["?limit=ten", "limit"],
    ["?status=done", "status"],
    ["?status=missed&status=failed", "status must be given once"],
    ["?startDate=2026-02-30", "startDate"],
    ["?endDate=2026-W10-1", "endDate"],
    ["?startDate=2026-03-02T25:00Z", "startDate"],
    ["?startDate=2026-03-03&endDate=2026-03-02T23:00:00Z", "startDate must not be after endDate"],
    ["?orderBy=startTime", "orderBy must be removed"],
  ])("refuses %s with 400 naming the parameter", async (query, message) => {
    const staff = await signUp(server);
    const response = await server.request(`/api/calls${query}`, { accessToken: staff.accessToken });
    expect(response.status).toBe(400);
    const body = await readEnvelope(response);
    expect(body).toMatchObject({ success: false, error: { code: "VALIDATION" } });
    if (!body.success) expect(body.error.message).toContain(message);
  });

  it("reads bare dates as whole days in the business's timezone, across both DST changes", async () => {
    const { staff, report } = await tenant();
    // New York: 2026-03-08 has 23 hours (05:00Z–04:00Z), 2026-11-01 has 25 (04:00Z–05:00Z).
    const starts = {
      beforeSpring: "2026-03-08T04:59:59.999Z",
      springFirst: "2026-03-08T05:00:00.000Z",
      springLast: "2026-03-09T03:59:59.999Z",
      afterSpring: "2026-03-09T04:00:00.000Z",
      fallFirst: "2026-11-01T04:00:00.000Z",
      fallLast: "2026-11-02T04:59:59.999Z",
      afterFall: "2026-11-02T05:00:00.000Z",
    };
    for (const [name, startedAt] of Object.entries(starts)) await report(name, startedAt, "missed");
    const starting = async (query: string) =>
      (await listCalls(server, staff, `${query}&limit=100`)).data.map((call) => call.startTime).sort();
    expect(await starting("?startDate=2026-03-08&endDate=2026-03-08")).toEqual([
      starts.springFirst,
      starts.springLast,
    ]);
    expect(await starting("?startDate=2026-11-01&endDate=2026-11-01")).toEqual([
      starts.fallFirst,
      starts.fallLast,
    ]);
    expect((await listCalls(server, staff, "?startDate=2026-03-09")).total).toBe(4);
    expect((await listCalls(server, staff, "?endDate=2026-03-07&status=missed")).total).toBe(1);
  });

  it("reads dates in the business's new timezone from the first list after it moves", async () => {
    const { staff, report, businessId } = await tenant();
    await report("late-evening-in-new-york", "2026-03-02T03:00:00.000Z");
    await report("midday", "2026-03-02T12:00:00.000Z");
    const march2 = async () =>
      (await listCalls(server, staff, "?startDate=2026-03-02&endDate=2026-03-02")).total;
    expect(await march2()).toBe(1);
    // Moved behind the app's back (as another instance would), so not through the timezone the list last saw.
    await server.db.execute(
      sql`update businesses set timezone = 'Europe/Warsaw' where id = ${businessId}::uuid`,
    );
    expect(await march2()).toBe(2);
  });

  it("reads date-times as instants: with an offset exactly, without one in the business's timezone", async () => {
    const { staff, report } = await tenant();
    await report("a", "2026-03-02T14:00:00.000Z");
    await report("b", "2026-03-02T15:00:00.000Z", "missed");
    await report("c", "2026-03-02T16:00:00.000Z");
    const total = async (query: string) => (await listCalls(server, staff, query)).total;
    // endDate is inclusive: a date-time includes its own instant.
    expect(await total("?startDate=2026-03-02T15:00:00Z&endDate=2026-03-02T16:00:00Z")).toBe(2);
    expect(await total("?startDate=2026-03-02T10:00:00-05:00&endDate=2026-03-02T10:00:00-05:00")).toBe(1);
    // 10:00 in New York is 15:00Z.
    expect(await total("?startDate=2026-03-02T10:00&endDate=2026-03-02T10:59")).toBe(1);
    expect(await total("?status=completed&startDate=2026-03-02T14:30Z")).toBe(1);
  });
});

describe("compression", () => {
  it("gzips an answer too big for TCP's first flight, and sends a page of ten as it is", async () => {
    const { staff, businessId } = await tenant();
    const calls = Array.from({ length: 100 }, (_, i) => ({
      ...callAt(`z-${i}`, i, "completed"),
      summary: `A caller asked about appointment ${i} and the opening hours over the holidays.`,
    }));
    await insertCallsBulk(server.db, businessId, calls, server.clock());
    const get = (query: string) =>
      server.request(`/api/calls${query}`, {
        accessToken: staff.accessToken,
        headers: { "accept-encoding": "gzip" },
      });
    const hundred = await get("?limit=100");
    expect(hundred.headers.get("content-encoding")).toBe("gzip");
    expect((await dataOf<CallList>(hundred)).data).toHaveLength(100);
    const ten = await get("?limit=10");
    expect(ten.headers.get("content-encoding")).toBeNull();
    expect(Number(ten.headers.get("content-length"))).toBeLessThan(GZIP_FROM_BYTES);
  });
});
