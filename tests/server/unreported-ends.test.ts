import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { UNREPORTED_END_MS } from "../../src/server/calls/unreported-ends";
import { rawRows } from "../../src/server/db/raw-rows";
import type { CallDetail } from "../../src/shared/calls.schema";
import type { DashboardStats } from "../../src/shared/dashboard.schema";
import { type SignedIn, signIn, signUp } from "../support/server-accounts";
import { createAssistantKey, dataOf, listCalls, reportCall } from "../support/server-calls";
import { createTestClock, MINUTE } from "../support/server-clock";
import { serverForFile } from "../support/server-harness";
import { expectTrueCounts } from "../support/true-counts";

const HOUR = 60 * MINUTE;
// 07:00 in New York (the business's timezone): every call of the test starts and ends on its one day.
const clock = createTestClock(new Date("2026-03-02T12:00:00.000Z"));
const server = serverForFile({ clock });

/** The staff member signed in again at the clock's time (an access token lives 15 minutes of it). */
const fresh = (staff: SignedIn) => signIn(server, staff.user.email, "correct horse");

const get = async <T>(staff: SignedIn, path: string) =>
  dataOf<T>(await server.request(path, { accessToken: staff.accessToken }));

async function detailOf(staff: SignedIn, externalId: string): Promise<CallDetail> {
  const [row] = await rawRows<{ id: string }>(
    server.db,
    sql`select id::text as id from calls where business_id = ${staff.user.businessId}::uuid and external_id = ${externalId}`,
  );
  return get<CallDetail>(staff, `/api/calls/${row!.id}`);
}

/** The dashboard's call figures and the list's totals by status, which must agree. */
async function figures(staff: SignedIn) {
  const stats = await get<DashboardStats>(staff, "/api/dashboard/stats");
  const total = async (status: string) => (await listCalls(server, staff, `?status=${status}`)).total;
  await expectTrueCounts(server.db, staff.user.businessId);
  return {
    today: [stats.callsToday, stats.answeredToday, stats.missedToday],
    allTime: [stats.totalCalls, stats.missedCalls],
    listed: {
      "in-progress": await total("in-progress"),
      completed: await total("completed"),
      missed: await total("missed"),
      failed: await total("failed"),
    },
  };
}

const missedNotices = async (staff: SignedIn) =>
  (
    await rawRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from outbox where business_id = ${staff.user.businessId}::uuid and topic = 'call.missed'`,
    )
  )[0]!.n;

describe("a call whose end is never reported", () => {
  it("is ended as failed after the documented silence, exact in every figure, and a late end report still wins", async () => {
    let staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const live = (externalId: string) =>
      reportCall(server, key, {
        externalId,
        callerNumber: "+1 555 0100",
        startedAt: clock().toISOString(),
        status: "in-progress",
      });
    const startedAt = clock().toISOString();
    // "silent" is never heard of again; "chatty" sends news (a transcript update) along the way.
    for (const id of ["silent", "chatty", "silent-missed"]) expect((await live(id)).status).toBe(201);
    expect((await figures(staff)).today).toEqual([3, 3, 0]);

    clock.advance(2 * HOUR);
    expect((await live("chatty")).status).toBe(200);
    // Just short of the limit since their last report, nothing is ended.
    clock.advance(UNREPORTED_END_MS - 2 * HOUR - MINUTE);
    expect(await server.runDue()).toContain("calls-end-unreported");
    staff = await fresh(staff);
    expect((await detailOf(staff, "silent")).status).toBe("in-progress");

    clock.advance(15 * MINUTE);
    expect(await server.runDue()).toContain("calls-end-unreported");
    const endedAt = clock().toISOString();
    staff = await fresh(staff);
    expect(await detailOf(staff, "silent")).toMatchObject({
      status: "failed",
      outcome: "no-action",
      startTime: startedAt,
      endUnreportedAt: endedAt,
    });
    expect(await detailOf(staff, "chatty")).toMatchObject({ status: "in-progress", endUnreportedAt: null });
    expect(await figures(staff)).toEqual({
      today: [3, 1, 2],
      allTime: [3, 2],
      listed: { "in-progress": 1, completed: 0, missed: 0, failed: 2 },
    });
    // Ending a call is no missed call to tell the owner about.
    expect(await missedNotices(staff)).toBe(0);

    // A late "in progress" changes nothing; the real end, however late, replaces the server's.
    expect((await live("silent")).status).toBe(200);
    expect((await detailOf(staff, "silent")).status).toBe("failed");
    const end = await reportCall(server, key, {
      externalId: "silent",
      callerNumber: "+1 555 0100",
      startedAt,
      status: "completed",
      durationSeconds: 600,
      outcome: "booked",
    });
    expect(end.status).toBe(200);
    expect(await detailOf(staff, "silent")).toMatchObject({
      status: "completed",
      outcome: "booked",
      duration: 600,
      endUnreportedAt: null,
    });
    // A late report that the call was missed is the first the owner hears of it.
    const missed = await reportCall(server, key, {
      externalId: "silent-missed",
      callerNumber: "+1 555 0100",
      startedAt,
      status: "missed",
    });
    expect(missed.status).toBe(200);
    expect(await missedNotices(staff)).toBe(1);
    expect(await figures(staff)).toEqual({
      today: [3, 2, 1],
      allTime: [3, 1],
      listed: { "in-progress": 1, completed: 1, missed: 1, failed: 0 },
    });

    // Once the chatty call too has been silent for the limit, it is ended in its turn.
    clock.advance(2 * HOUR);
    await server.runDue();
    staff = await fresh(staff);
    expect((await detailOf(staff, "chatty")).status).toBe("failed");
  });
});
