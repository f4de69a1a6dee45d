import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertBookings } from "../../src/server/bookings/bookings-write.repo";
import { insertCallsBulk, purgeCalls } from "../../src/server/calls/calls-write.repo";
import { rawRows } from "../../src/server/db/raw-rows";
import { retentionCuts } from "../../src/server/privacy/retention-cuts";
import { purgeBusinessRetention, RETENTION_BATCH } from "../../src/server/privacy/retention-purge";
import type { BookingList } from "../../src/shared/booking.schema";
import type { CallDetail } from "../../src/shared/calls.schema";
import type { DashboardStats } from "../../src/shared/dashboard.schema";
import type { PrivacySettings, RetentionPreview } from "../../src/shared/privacy.schema";
import { type SignedIn, signIn, signUp } from "../support/server-accounts";
import { bulkBooking, SYSTEM_ACTOR } from "../support/server-bookings";
import { bulkCall, createAssistantKey, dataOf, listCalls, reportCall } from "../support/server-calls";
import { createTestClock, DAY } from "../support/server-clock";
import { serverForFile } from "../support/server-harness";
import { expectTrueCounts } from "../support/true-counts";

const HOUR = 60 * 60 * 1000;
// Noon in New York, a Monday.
const START = new Date("2026-03-02T17:00:00.000Z");
const clock = createTestClock(START);
const server = serverForFile({ clock });

const PASSWORD = "correct horse";

/** The staff member signed in again at the clock's time (an access token lives 15 minutes of it). */
const fresh = (staff: SignedIn) => signIn(server, staff.user.email, PASSWORD);

const get = async <T>(staff: SignedIn, path: string) =>
  dataOf<T>(await server.request(path, { accessToken: staff.accessToken }));

const putSettings = async (staff: SignedIn, json: Partial<PrivacySettings>) =>
  expect(
    (await server.request("/api/privacy/settings", { method: "PUT", json, accessToken: staff.accessToken }))
      .status,
  ).toBe(200);

const ago = (days: number) => new Date(clock().getTime() - days * DAY);

const CONTENT = {
  summary: "Asked about a filling.",
  transcript: [{ speaker: "caller", text: "This is Ada, my number is 555 0100.", offsetSeconds: 2 }],
  recordingUrl: "https://recordings.example.com/call.mp3",
} as const;

/** Reports calls started `days` ago (with content), as the assistant does; answers their ids by external id. */
async function reportCalls(key: string, calls: [externalId: string, days: number, status: string][]) {
  const ids: Record<string, string> = {};
  for (const [externalId, days, status] of calls) {
    const response = await reportCall(server, key, {
      externalId,
      callerNumber: "+1 555 0100",
      startedAt: ago(days).toISOString(),
      status,
      ...CONTENT,
    });
    ids[externalId] = (await dataOf<{ _id: string }>(response))._id;
  }
  return ids;
}

/** Bookings of the business whose appointments ended `days` ago, each named for what it is. */
async function insertPastBookings(
  businessId: string,
  bookings: [name: string, days: number, callId: string | null][],
) {
  await insertBookings(
    server.db,
    businessId,
    bookings.map(([name, days, callId]) =>
      bulkBooking({
        customerName: name,
        customerPhone: "+1 555 0100",
        notes: `${name} prefers mornings`,
        callId,
        startTime: new Date(ago(days).getTime() - 30 * 60_000),
        createdAt: ago(days + 7),
        status: "completed",
      }),
    ),
    SYSTEM_ACTOR,
  );
}

const bookingsOf = async (staff: SignedIn) =>
  (await get<BookingList>(staff, "/api/bookings?scope=all&limit=50")).data;

/** Runs `use` while the database refuses to change a booking of the customer named "Refused", as a crash would. */
async function whileBookingsOfRefusedAreRefused(use: () => Promise<unknown>) {
  await server.db.execute(sql`create function refuse_purge() returns trigger language plpgsql as $$
    begin
      if old.customer_name = 'Refused' then raise exception 'refused by the test'; end if;
      return new;
    end $$`);
  await server.db.execute(
    sql`create trigger refuse_purge before update on bookings for each row execute function refuse_purge()`,
  );
  try {
    await use();
  } finally {
    await server.db.execute(sql`drop trigger refuse_purge on bookings`);
    await server.db.execute(sql`drop function refuse_purge()`);
  }
}

async function runPurge() {
  clock.advance(HOUR);
  expect(await server.runDue()).toContain("retention-purge");
}

describe("the hourly retention purge", () => {
  it("removes due content, calls and bookings' customer details, keeping the dashboard's figures and exact lists", async () => {
    let staff = await signUp(server);
    let bystander = await signUp(server);
    const { businessId } = staff.user;
    const { key } = await createAssistantKey(server, staff);
    const { key: bystanderKey } = await createAssistantKey(server, bystander);
    const history: [string, number, string][] = [
      ["very-old", 100, "completed"],
      ["old-missed", 95, "missed"],
      ["old-failed", 92, "failed"],
      ["month-old", 40, "completed"],
      ["recent", 10, "completed"],
      ["today", 0.1, "missed"],
    ];
    const ids = await reportCalls(key, history);
    await reportCalls(bystanderKey, history);
    await insertPastBookings(businessId, [
      ["Linked Old", 99, ids["very-old"]!],
      ["Old Customer", 70, null],
      ["Recent Customer", 10, ids.recent!],
    ]);
    await putSettings(staff, { callContentDays: 30, callRowDays: 90, bookingPersonalDays: 60 });

    const dashboard = () => get<DashboardStats>(staff, "/api/dashboard/stats");
    const before = await dashboard();
    expect(before).toMatchObject({ totalCalls: 6, missedCalls: 3, callsToday: 1, missedToday: 1 });
    expect(await get<RetentionPreview>(staff, "/api/privacy/retention-preview")).toEqual({
      callContents: 1,
      calls: 3,
      bookings: 2,
    });

    await runPurge();
    staff = await fresh(staff);
    bystander = await fresh(bystander);

    // Figures: the same all-time totals and today; the list holds what is left, its total exact.
    const { recentCalls: _, ...figures } = before;
    expect(await dashboard()).toMatchObject(figures);
    const list = await listCalls(server, staff, "?limit=50");
    expect(list.total).toBe(3);
    expect(list.data.map((call) => call.summary)).toEqual([CONTENT.summary, CONTENT.summary, null]);
    await expectTrueCounts(server.db, businessId);

    const detail = (id: string) => get<CallDetail>(staff, `/api/calls/${id}`);
    expect(await detail(ids["month-old"]!)).toMatchObject({
      transcript: [],
      recordingUrl: null,
      summary: null,
      recordingOff: false,
      contentRemovedAt: clock().toISOString(),
    });
    expect(await detail(ids.recent!)).toMatchObject({ ...CONTENT, contentRemovedAt: null });
    expect(
      (await server.request(`/api/calls/${ids["very-old"]}`, { accessToken: staff.accessToken })).status,
    ).toBe(404);

    // Bookings stay, for the figures; past their retention they hold no customer details, and a booking whose
    // call was deleted no longer names it.
    const byService = (await bookingsOf(staff)).map((b) => [b.customerName, b.customerPhone, b.callId]);
    expect(byService).toEqual(
      expect.arrayContaining([
        ["", "", null],
        ["", "", null],
        ["Recent Customer", "+1 555 0100", ids.recent],
      ]),
    );
    expect(byService).toHaveLength(3);
    const [{ notes }] = (await rawRows<{ notes: number }>(
      server.db,
      sql`select count(notes)::int as notes from bookings where business_id = ${businessId}::uuid`,
    )) as [{ notes: number }];
    expect(notes).toBe(1);

    // Nothing more is due; another business's data is untouched.
    expect(await get<RetentionPreview>(staff, "/api/privacy/retention-preview")).toEqual({
      callContents: 0,
      calls: 0,
      bookings: 0,
    });
    expect((await listCalls(server, bystander, "?limit=50")).total).toBe(6);
    expect((await get<DashboardStats>(bystander, "/api/dashboard/stats")).totalCalls).toBe(6);

    // Days later the month-old call's row goes too (90 days after it started): still counted on the dashboard.
    clock.advance(50 * DAY);
    await runPurge();
    staff = await fresh(staff);
    expect((await listCalls(server, staff, "?limit=50")).total).toBe(2);
    expect(await get<DashboardStats>(staff, "/api/dashboard/stats")).toMatchObject({
      totalCalls: 6,
      missedCalls: 3,
    });
    await expectTrueCounts(server.db, businessId);
  });

  it("purges in statements of at most RETENTION_BATCH rows until nothing due is left", async () => {
    const staff = await signUp(server);
    const { businessId } = staff.user;
    const old = (i: number) =>
      bulkCall({
        externalId: `bulk-${i}`,
        startedAt: new Date(ago(200).getTime() + i * 60_000),
        status: i % 3 === 0 ? "missed" : "completed",
        ...CONTENT,
        transcript: [...CONTENT.transcript],
      });
    await insertCallsBulk(
      server.db,
      businessId,
      Array.from({ length: 2_500 }, (_, i) => old(i)),
      clock(),
    );
    await putSettings(staff, { callRowDays: 100 });
    // One statement takes no more than it is given.
    expect(await purgeCalls(server.db, businessId, ago(100), 10)).toBe(10);
    const business = {
      id: businessId,
      timezone: "America/New_York",
      callContentDays: null,
      callRowDays: 100,
      bookingPersonalDays: null,
    };
    // Requests are read between the statements: on PGlite each statement resolves without any I/O, and a
    // loop of them alone would keep the server from answering anyone until the last.
    let turns = 0;
    let counting = true;
    const countTurns = () => {
      turns += 1;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const run = await purgeBusinessRetention(server.db, business, clock());
    counting = false;
    expect(run).toEqual({
      callsDeleted: 2_490,
      callContentsCleared: 0,
      bookingsAnonymised: 0,
      // Full statements, then the one that finds fewer than a batch.
      statements: Math.floor(2_490 / RETENTION_BATCH) + 1,
    });
    expect(turns).toBeGreaterThanOrEqual(run.statements);
    expect(await get<DashboardStats>(staff, "/api/dashboard/stats")).toMatchObject({
      totalCalls: 2_500,
      missedCalls: 834,
    });
    expect((await listCalls(server, staff)).total).toBe(0);
    await expectTrueCounts(server.db, businessId);
  });

  it("keeps one audit entry per run, made by its batches: a run whose later batch fails is logged with what the others removed", async () => {
    const staff = await signUp(server);
    const { businessId } = staff.user;
    await insertCallsBulk(
      server.db,
      businessId,
      [1, 2, 3].map((i) => bulkCall({ externalId: `gone-${i}`, startedAt: ago(200 - i) })),
      clock(),
    );
    // Ended 50, 45 and 40 days ago: the purge takes them in that order, two a batch.
    await insertPastBookings(businessId, [
      ["Ann", 50, null],
      ["Bea", 45, null],
      ["Refused", 40, null],
    ]);
    const business = {
      id: businessId,
      timezone: "America/New_York",
      callContentDays: null,
      callRowDays: 100,
      bookingPersonalDays: 30,
    };
    const runs = () =>
      rawRows<{ details: unknown }>(
        server.db,
        sql`select details from audit_log
          where business_id = ${businessId}::uuid and action = 'retention.purged' order by id`,
      );
    // The database refuses the batch holding the last booking, as a crash would end it.
    await whileBookingsOfRefusedAreRefused(() =>
      expect(purgeBusinessRetention(server.db, business, clock(), 2)).rejects.toThrow(),
    );
    // Calls in two batches and the first bookings batch committed; the entry counts exactly those, once.
    expect(await runs()).toEqual([{ details: { calls: 3, callContents: 0, bookingContacts: 2 } }]);

    // The next run takes the rest, in an entry of its own.
    clock.advance(HOUR);
    expect(await purgeBusinessRetention(server.db, business, clock(), 2)).toMatchObject({
      callsDeleted: 0,
      bookingsAnonymised: 1,
    });
    expect(await runs()).toEqual([
      { details: { calls: 3, callContents: 0, bookingContacts: 2 } },
      { details: { calls: 0, callContents: 0, bookingContacts: 1 } },
    ]);
  });

  it("purges every other business when one business's purge fails, and reports the run failed", async () => {
    const [first, second] = (await Promise.all([signUp(server), signUp(server)])).sort((a, b) =>
      a.user.businessId.localeCompare(b.user.businessId),
    );
    // Businesses are purged in id order: the one that fails goes first.
    await insertPastBookings(first!.user.businessId, [["Refused", 40, null]]);
    await insertPastBookings(second!.user.businessId, [["Cy", 40, null]]);
    for (const staff of [first!, second!]) await putSettings(staff, { bookingPersonalDays: 30 });
    const names = async (staff: SignedIn) =>
      (await bookingsOf(await fresh(staff))).map((b) => b.customerName);

    await whileBookingsOfRefusedAreRefused(runPurge);
    expect(await names(first!)).toEqual(["Refused"]);
    expect(await names(second!)).not.toContain("Cy");
    const [run] = await rawRows<{ lastError: string | null }>(
      server.db,
      sql`select last_error as "lastError" from scheduled_jobs where name = 'retention-purge'`,
    );
    expect(run!.lastError).toMatch(/1 business/);

    // The next run takes what the failure left.
    await runPurge();
    expect(await names(first!)).not.toContain("Refused");
  });

  it("counts and marks only the calls whose content it removed: one that never held any stays as it was", async () => {
    let staff = await signUp(server);
    const { businessId } = staff.user;
    const { key } = await createAssistantKey(server, staff);
    const ids = await reportCalls(key, [["with-content", 45, "completed"]]);
    const response = await reportCall(server, key, {
      externalId: "missed-empty",
      callerNumber: "+1 555 0100",
      startedAt: ago(45).toISOString(),
      status: "missed",
    });
    const empty = (await dataOf<{ _id: string }>(response))._id;
    await putSettings(staff, { callContentDays: 30 });
    expect(await get<RetentionPreview>(staff, "/api/privacy/retention-preview")).toMatchObject({
      callContents: 1,
    });

    await runPurge();
    staff = await fresh(staff);
    const entries = () =>
      rawRows<{ details: unknown }>(
        server.db,
        sql`select details from audit_log
          where business_id = ${businessId}::uuid and action = 'retention.purged' order by id`,
      );
    // What the preview said, the log says: one call's content removed.
    expect(await entries()).toEqual([{ details: { calls: 0, callContents: 1, bookingContacts: 0 } }]);
    expect((await get<CallDetail>(staff, `/api/calls/${ids["with-content"]}`)).contentRemovedAt).toBe(
      clock().toISOString(),
    );
    // Nothing was removed from the missed call: its page does not say something was.
    expect((await get<CallDetail>(staff, `/api/calls/${empty}`)).contentRemovedAt).toBeNull();

    // Runs after it find nothing to do, and log nothing.
    await runPurge();
    expect(await entries()).toHaveLength(1);
  });

  it("takes content a late report brings back to an old call again at the next run", async () => {
    let staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const ids = await reportCalls(key, [["late", 45, "completed"]]);
    await putSettings(staff, { callContentDays: 30 });
    await runPurge();
    staff = await fresh(staff);
    const detail = () => get<CallDetail>(staff, `/api/calls/${ids.late}`);
    expect((await detail()).contentRemovedAt).not.toBeNull();
    await reportCalls(key, [["late", 45 + 1 / 24, "completed"]]);
    expect(await detail()).toMatchObject({ summary: CONTENT.summary, contentRemovedAt: null });
    await runPurge();
    staff = await fresh(staff);
    expect(await detail()).toMatchObject({ summary: null, transcript: [], recordingUrl: null });
  });

  it("counts a deleted call once when it is reported again, live or imported, and stores a first late report", async () => {
    let staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const ids = await reportCalls(key, [
      ["gone", 10, "completed"],
      ["gone-missed", 9, "missed"],
    ]);
    await putSettings(staff, { callRowDays: 5 });
    await runPurge();
    staff = await fresh(staff);
    const totals = async () => {
      const stats = await get<DashboardStats>(staff, "/api/dashboard/stats");
      await expectTrueCounts(server.db, staff.user.businessId);
      return [stats.totalCalls, stats.missedCalls, (await listCalls(server, staff)).total];
    };
    expect(await totals()).toEqual([2, 1, 0]);

    // Again, live: answered as the call it was, nothing stored, whatever it says now.
    const again = await reportCall(server, key, {
      externalId: "gone",
      callerNumber: "+1 555 0100",
      startedAt: ago(10).toISOString(),
      status: "failed",
      ...CONTENT,
    });
    expect(again.status).toBe(200);
    expect(await dataOf(again)).toEqual({ _id: ids.gone, externalId: "gone", created: false });
    // Again, in a re-imported history (twice over, one of them twice in the batch), beside a call never seen:
    // an old one, stored, then purged and counted like any other, and a recent one, kept.
    const history = {
      calls: [
        ["gone", 10, "completed"],
        ["gone-missed", 9, "missed"],
        ["gone-missed", 9, "completed"],
        ["first-old", 20, "completed"],
        ["first-recent", 1, "completed"],
      ].map(([externalId, days, status]) => ({
        externalId,
        callerNumber: "+1 555 0100",
        startedAt: ago(days as number).toISOString(),
        status,
      })),
    };
    for (let run = 0; run < 2; run += 1) {
      const imported = await server.request("/api/assistant/calls/import", {
        json: history,
        headers: { "x-api-key": key },
        origin: null,
      });
      const { results } = await dataOf<{ results: { _id: string; created: boolean }[] }>(imported);
      expect(results.map((r) => [r._id, r.created])).toEqual([
        [ids.gone, false],
        [ids["gone-missed"], false],
        [ids["gone-missed"], false],
        [expect.any(String), run === 0],
        [expect.any(String), run === 0],
      ]);
    }
    expect(await totals()).toEqual([4, 1, 2]);
    await runPurge();
    staff = await fresh(staff);
    expect(await totals()).toEqual([4, 1, 1]);
    // No news of a missed call that was deleted long ago.
    const [notices] = await rawRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from outbox where business_id = ${staff.user.businessId}::uuid and topic = 'call.missed'`,
    );
    expect(notices!.n).toBe(0);
  });
});

describe("retention cuts", () => {
  it("never delete a call of the business's today, even on a 25-hour day", () => {
    // 23:30 on the night New York's clocks go back: the day began 25.5 hours ago.
    const now = new Date("2026-11-02T04:30:00.000Z");
    const cuts = retentionCuts(
      { callContentDays: 1, callRowDays: 1, bookingPersonalDays: 1 },
      now,
      "America/New_York",
    );
    expect(cuts).toEqual({
      content: new Date("2026-11-01T04:30:00.000Z"),
      rows: new Date("2026-11-01T04:00:00.000Z"),
      bookings: new Date("2026-11-01T04:30:00.000Z"),
    });
    expect(
      retentionCuts(
        { callContentDays: null, callRowDays: 30, bookingPersonalDays: null },
        now,
        "America/New_York",
      ),
    ).toEqual({ content: null, rows: new Date("2026-10-03T04:30:00.000Z"), bookings: null });
  });
});
