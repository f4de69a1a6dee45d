import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAssistantKeyDirectory } from "../../src/server/assistant/assistant-key-directory";
import { hashAssistantKey } from "../../src/server/assistant/assistant-key-secret";
import { createAssistantKeyLookup } from "../../src/server/assistant/require-assistant-key";
import { createCallIngest } from "../../src/server/calls/call-ingest";
import { type CallReportItem, reportCalls, type StoredReport } from "../../src/server/calls/calls-write.repo";
import { rawRows } from "../../src/server/db/raw-rows";
import type { CallReport, CallReportResult, CallStatus } from "../../src/shared/calls.schema";
import { COMPANY_DEFAULTS } from "../../src/shared/company-defaults";
import { seededRandom } from "../support/seeded-random";
import { type SignedIn, signUp } from "../support/server-accounts";
import { createAssistantKey, dataOf, reportCall } from "../support/server-calls";
import { serverForFile } from "../support/server-harness";
import { expectTrueCounts } from "../support/true-counts";

const server = serverForFile();

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute));
const TOUCH_AFTER_MS = 60_000;
/** As live reports arrive: a missed call is news (its outbox row is written by the same statement). */
const LIVE = { notifyMissed: true };

/** A business with an assistant key, and report items on that key's word. */
async function keyed(staff: SignedIn) {
  const key = await createAssistantKey(server, staff);
  const businessId = staff.user.businessId;
  const item = (externalId: string, minute: number, status: CallStatus): CallReportItem => ({
    keyId: key._id,
    businessId,
    timezone: null,
    startedAt: at(minute),
    report: { externalId, callerNumber: "+1 555 0100", startedAt: at(minute).toISOString(), status },
  });
  return { key, businessId, item };
}

const stored = (answer: unknown) => answer as StoredReport;

const storedCalls = (businessId: string) =>
  rawRows<{ externalId: string; status: CallStatus }>(
    server.db,
    sql`select external_id as "externalId", status from calls where business_id = ${businessId}::uuid
      order by external_id`,
  );

describe("reports stored in batches", () => {
  it("answers each item of a mixed batch by its own rules, for several businesses at once", async () => {
    const staff = await signUp(server);
    const { businessId: b, item, key } = await keyed(staff);
    const other = await keyed(await signUp(server));
    const [done] = await reportCalls(
      server.db,
      [item("done", 20, "completed")],
      new Date(),
      TOUCH_AFTER_MS,
      LIVE,
    );

    const answers = await reportCalls(
      server.db,
      [
        item("a", 30, "completed"), // new and newest: placed with the batch
        item("older", 5, "missed"), // new but older than "done": moves it up one place
        item("a", 30, "in-progress"), // the same call again, stale: changes nothing
        item("done", 20, "in-progress"), // stale about a stored call
        item("c", 30, "in-progress"), // same start as "a": ordered by id
        other.item("a", 1, "failed"), // another business's own "a"
        item("d", 40, "missed"),
      ],
      new Date(),
      TOUCH_AFTER_MS,
      LIVE,
    );

    expect(answers.map((answer) => stored(answer).created)).toEqual([
      true,
      true,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(stored(answers[2]).id).toBe(stored(answers[0]).id);
    expect(stored(answers[3]).id).toBe(stored(done).id);
    expect(stored(answers[5]).id).not.toBe(stored(answers[0]).id);
    expect(await storedCalls(b)).toEqual([
      { externalId: "a", status: "completed" },
      { externalId: "c", status: "in-progress" },
      { externalId: "d", status: "missed" },
      { externalId: "done", status: "completed" },
      { externalId: "older", status: "missed" },
    ]);
    expect(await storedCalls(other.businessId)).toEqual([{ externalId: "a", status: "failed" }]);
    await expectTrueCounts(server.db, b);
    await expectTrueCounts(server.db, other.businessId);
    const [stamp] = await rawRows<{ used: boolean }>(
      server.db,
      sql`select last_used_at is not null as used from assistant_keys where id = ${key._id}::uuid`,
    );
    expect(stamp).toEqual({ used: true });
  });

  it("refuses, and stores nothing of, an item whose key was revoked or whose timezone is out of date", async () => {
    const staff = await signUp(server);
    const { businessId, item } = await keyed(staff);
    const revoked = await keyed(staff);
    await server.request(`/api/assistant/keys/${revoked.key._id}`, {
      method: "DELETE",
      accessToken: staff.accessToken,
    });
    const stranger = await keyed(await signUp(server));
    const answers = await reportCalls(
      server.db,
      [
        item("kept", 1, "completed"),
        revoked.item("by-revoked-key", 2, "completed"),
        { ...stranger.item("foreign-key", 3, "completed"), businessId },
        { ...item("old-timezone", 4, "completed"), timezone: "Pacific/Auckland" },
        { ...item("right-timezone", 5, "completed"), timezone: COMPANY_DEFAULTS.timezone },
      ],
      new Date(),
      TOUCH_AFTER_MS,
      LIVE,
    );
    expect(answers).toEqual([
      { id: expect.any(String), created: true },
      { refused: "key" },
      { refused: "key" },
      { refused: "timezone" },
      { id: expect.any(String), created: true },
    ]);
    expect((await storedCalls(businessId)).map((call) => call.externalId)).toEqual([
      "kept",
      "right-timezone",
    ]);
    await expectTrueCounts(server.db, businessId);
  });

  it("writes one 'call.missed' outbox row per call a live batch makes missed, and none for an import", async () => {
    const staff = await signUp(server);
    const { businessId, item } = await keyed(staff);
    const revoked = await keyed(staff);
    await reportCalls(
      server.db,
      [
        item("was-live", 1, "in-progress"),
        item("was-live-late", 2, "in-progress"),
        item("was-missed", 3, "missed"),
        item("was-completed", 4, "completed"),
      ],
      new Date(),
      TOUCH_AFTER_MS,
      { notifyMissed: false },
    );
    await server.request(`/api/assistant/keys/${revoked.key._id}`, {
      method: "DELETE",
      accessToken: staff.accessToken,
    });
    const missedRows = () =>
      rawRows<{ externalId: string }>(
        server.db,
        sql`select c.external_id as "externalId" from outbox o join calls c on c.id = o.call_id
          where o.business_id = ${businessId}::uuid and o.topic = 'call.missed' order by c.external_id`,
      );

    await reportCalls(
      server.db,
      [
        item("new", 10, "missed"),
        item("was-live", 1, "missed"),
        item("was-missed", 3, "missed"), // a retry: no news
        item("was-completed", 4, "missed"), // finished before: no news
        item("new-then-over", 11, "in-progress"),
        item("new-then-over", 11, "missed"),
        item("missed-then-answered", 12, "missed"),
        item("missed-then-answered", 12, "completed"),
        item("was-live-late", 2, "missed"),
        item("was-live-late", 2, "in-progress"), // stale: the call stays missed
        revoked.item("refused", 13, "missed"),
        item("new-twice", 14, "missed"),
        item("new-twice", 14, "missed"),
      ],
      new Date(),
      TOUCH_AFTER_MS,
      LIVE,
    );
    expect((await missedRows()).map((row) => row.externalId)).toEqual([
      "new",
      "new-then-over",
      "new-twice",
      "was-live",
      "was-live-late",
    ]);

    await reportCalls(server.db, [item("imported", 20, "missed")], new Date(), TOUCH_AFTER_MS, {
      notifyMissed: false,
    });
    await reportCalls(server.db, [item("new", 10, "missed")], new Date(), TOUCH_AFTER_MS, LIVE);
    expect(await missedRows()).toHaveLength(5);
    await expectTrueCounts(server.db, businessId);
  });

  it("keeps positions exact through bursts of concurrent reports, and never reopens a finished call", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const next = seededRandom(11);
    const random = (n: number) => Math.floor(next() * n);
    const statuses: CallStatus[] = ["in-progress", "completed", "missed", "failed"];
    const finishedBefore = new Set<string>();
    for (let burst = 0; burst < 8; burst++) {
      const reports: Partial<CallReport>[] = Array.from({ length: 15 }, () => ({
        externalId: `r-${random(40)}`,
        callerNumber: "+1 555 0100",
        startedAt: at(random(60)).toISOString(),
        status: statuses[random(4)]!,
      }));
      const responses = await Promise.all(reports.map((report) => reportCall(server, key, report)));
      for (const response of responses) expect(response.status).toBeLessThan(300);
      await Promise.all(responses.map((response) => dataOf<CallReportResult>(response)));
      await expectTrueCounts(server.db, staff.user.businessId);
      const stored = await storedCalls(staff.user.businessId);
      expect(new Set(stored.map((call) => call.externalId)).size).toBe(stored.length);
      for (const call of stored) {
        if (finishedBefore.has(call.externalId)) expect(call.status).not.toBe("in-progress");
        if (call.status !== "in-progress") finishedBefore.add(call.externalId);
      }
    }
  });

  it("reads a start time without offset in the business's timezone, also right after the timezone changes", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const send = (externalId: string) =>
      reportCall(server, key, {
        externalId,
        callerNumber: "+1 555 0100",
        startedAt: "2026-07-01T09:00:00",
        status: "completed",
      });
    expect((await send("before")).status).toBe(201);
    await server.db.execute(
      sql`update businesses set timezone = 'Europe/Warsaw' where id = ${staff.user.businessId}::uuid`,
    );
    expect((await send("after")).status).toBe(201);
    const times = await rawRows<{ externalId: string; startedAt: string }>(
      server.db,
      sql`select external_id as "externalId",
          to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "startedAt"
        from calls where business_id = ${staff.user.businessId}::uuid order by external_id`,
    );
    expect(times).toEqual([
      { externalId: "after", startedAt: "2026-07-01T07:00:00Z" },
      { externalId: "before", startedAt: "2026-07-01T13:00:00Z" },
    ]);
  });

  it("fails only the report the database refuses, not the others sharing its batch", async () => {
    const staff = await signUp(server);
    const { key, businessId } = await keyed(staff);
    const deps = { db: server.db, clock: () => new Date() };
    const lookup = createAssistantKeyLookup(deps);
    const ingest = createCallIngest(deps, { lookup, directory: createAssistantKeyDirectory() });
    const claim = { ...(await lookup(hashAssistantKey(key.key)))!, keyHash: hashAssistantKey(key.key) };
    const report = (externalId: string, minute: number, status: CallStatus) => ({
      externalId,
      callerNumber: "+1 555 0100",
      startedAt: at(minute).toISOString(),
      status,
    });
    // Validation keeps such a report from ever getting this far; here it stands for any refusal.
    const results = await Promise.allSettled([
      ingest.report(claim, report("first", 1, "completed")),
      ingest.report(claim, report("refused", 2, "answered" as CallStatus)),
      ingest.report(claim, report("third", 3, "missed")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await storedCalls(businessId)).map((call) => call.externalId)).toEqual(["first", "third"]);
    await expectTrueCounts(server.db, businessId);
  });
});
