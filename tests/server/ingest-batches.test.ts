import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCallIngest } from "../../src/server/calls/call-ingest";
import { rawRows } from "../../src/server/db/raw-rows";
import { type CallReportItem, reportCalls } from "../../src/server/repos/calls.repo";
import type { CallReport, CallReportResult, CallStatus } from "../../src/shared/calls.schema";
import { signUp } from "../support/server-accounts";
import { createAssistantKey, dataOf, expectExactPositions, reportCall } from "../support/server-calls";
import { startTestServer, type TestServer } from "../support/server-harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute));
const item = (
  businessId: string,
  externalId: string,
  minute: number,
  status: CallStatus,
): CallReportItem => ({
  businessId,
  startedAt: at(minute),
  report: { externalId, callerNumber: "+1 555 0100", startedAt: at(minute).toISOString(), status },
});

const storedCalls = (businessId: string) =>
  rawRows<{ externalId: string; status: CallStatus }>(
    server.db,
    sql`select external_id as "externalId", status from calls where business_id = ${businessId}::uuid
      order by external_id`,
  );

describe("reports stored in batches", () => {
  it("answers each item of a mixed batch by its own rules, for several businesses at once", async () => {
    const { user } = await signUp(server);
    const { user: other } = await signUp(server);
    const b = user.businessId;
    const [done] = await reportCalls(server.db, [item(b, "done", 20, "completed")], new Date());

    const answers = await reportCalls(
      server.db,
      [
        item(b, "a", 30, "completed"), // new and newest: placed with the batch
        item(b, "older", 5, "missed"), // new but older than "done": moves it up one place
        item(b, "a", 30, "in-progress"), // the same call again, stale: changes nothing
        item(b, "done", 20, "in-progress"), // stale about a stored call
        item(b, "c", 30, "in-progress"), // same start as "a": ordered by id
        item(other.businessId, "a", 1, "failed"), // another business's own "a"
        item(b, "d", 40, "missed"),
      ],
      new Date(),
    );

    expect(answers.map((answer) => answer.created)).toEqual([true, true, false, false, true, true, true]);
    expect(answers[2]!.id).toBe(answers[0]!.id);
    expect(answers[3]!.id).toBe(done!.id);
    expect(answers[5]!.id).not.toBe(answers[0]!.id);
    expect(await storedCalls(b)).toEqual([
      { externalId: "a", status: "completed" },
      { externalId: "c", status: "in-progress" },
      { externalId: "d", status: "missed" },
      { externalId: "done", status: "completed" },
      { externalId: "older", status: "missed" },
    ]);
    expect(await storedCalls(other.businessId)).toEqual([{ externalId: "a", status: "failed" }]);
    await expectExactPositions(server.db, b);
    await expectExactPositions(server.db, other.businessId);
  });

  it("keeps positions exact through bursts of concurrent reports, and never reopens a finished call", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
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
      await expectExactPositions(server.db, staff.user.businessId);
      const stored = await storedCalls(staff.user.businessId);
      expect(new Set(stored.map((call) => call.externalId)).size).toBe(stored.length);
      for (const call of stored) {
        if (finishedBefore.has(call.externalId)) expect(call.status).not.toBe("in-progress");
        if (call.status !== "in-progress") finishedBefore.add(call.externalId);
      }
    }
  });

  it("fails only the report the database refuses, not the others sharing its batch", async () => {
    const { user } = await signUp(server);
    const ingest = createCallIngest(server.db, () => new Date());
    // Validation keeps such a report from ever getting this far; here it stands for any refusal.
    const refused = item(user.businessId, "refused", 2, "answered" as CallStatus);
    const results = await Promise.allSettled([
      ingest(item(user.businessId, "first", 1, "completed")),
      ingest(refused),
      ingest(item(user.businessId, "third", 3, "missed")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await storedCalls(user.businessId)).map((call) => call.externalId)).toEqual(["first", "third"]);
    await expectExactPositions(server.db, user.businessId);
  });
});
