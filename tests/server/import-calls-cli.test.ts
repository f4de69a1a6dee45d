import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImportProgress, importCallHistory, readRefusals } from "../../scripts/call-history-import";
import { signUp } from "../support/server-accounts";
import { createAssistantKey, listCalls } from "../support/server-calls";
import { startTestServer, type TestServer } from "../support/server-harness";
import { expectTrueCounts } from "../support/true-counts";

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), "calldesk-import-"));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A history export, newest first, with the flaws real files have: bad JSON, refused reports, blank lines. */
function writeHistory(name: string, count: number) {
  const lines: string[] = [];
  const expectedRefusals: number[] = [];
  for (let i = 0; i < count; i++) {
    const report = {
      externalId: `legacy-${i}`,
      callerNumber: `+44 20 7946 ${String(i % 10_000).padStart(4, "0")}`,
      startedAt: new Date(Date.UTC(2025, 0, 1) - i * 600_000).toISOString(),
      status: i % 7 === 0 ? "missed" : "completed",
      durationSeconds: i % 300,
    };
    if (i % 400 === 17) {
      lines.push(`{"externalId": "broken-${i}"`);
      expectedRefusals.push(lines.length);
    } else if (i % 500 === 3) {
      lines.push(JSON.stringify({ ...report, status: "answered" }));
      expectedRefusals.push(lines.length);
    } else lines.push(JSON.stringify(report));
    if (i % 1000 === 500) lines.push("");
  }
  const file = join(dir, name);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return { file, expectedRefusals, valid: count - expectedRefusals.length };
}

const refusedLines = (file: string) => readRefusals(`${file}.refused.jsonl`).map((refusal) => refusal.line);

describe("npm run import-calls", () => {
  it("imports in batches, resumes after an interruption without sending a line twice, and lists refusals", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const { file, expectedRefusals, valid } = writeHistory("history.jsonl", 1300);

    const interrupt = new AbortController();
    const seen: ImportProgress[] = [];
    const first = await importCallHistory({
      url: server.url,
      key,
      file,
      batchSize: 300,
      signal: interrupt.signal,
      progress: (progress) => {
        seen.push(progress);
        if (progress.lines >= 600) interrupt.abort();
      },
    });
    expect(first.finished).toBe(false);
    expect(first.lines).toBeGreaterThanOrEqual(600);
    expect(first.lines).toBeLessThan(1300);
    expect(existsSync(`${file}.import-state.json`)).toBe(true);
    expect(seen.at(-1)!.bytesDone).toBeLessThan(seen.at(-1)!.bytesTotal);

    const log: string[] = [];
    const second = await importCallHistory({
      url: server.url,
      key,
      file,
      batchSize: 500,
      log: (l) => log.push(l),
    });
    expect(log[0]).toBe(`Resuming at line ${first.lines + 1} (${first.accepted} calls already imported)`);
    expect(second).toMatchObject({
      finished: true,
      startLine: first.lines + 1,
      bytesDone: second.bytesTotal,
    });
    expect(second.accepted).toBe(valid);
    expect(second.refused).toBe(expectedRefusals.length);
    expect(refusedLines(file)).toEqual(expectedRefusals);
    expect(existsSync(`${file}.import-state.json`)).toBe(false);

    expect((await listCalls(server, staff)).total).toBe(valid);
    await expectTrueCounts(server.db, staff.user.businessId);

    // A finished file imported again (--restart) changes nothing: idempotent by externalId.
    const again = await importCallHistory({ url: server.url, key, file, restart: true });
    expect(again.accepted).toBe(valid);
    expect((await listCalls(server, staff)).total).toBe(valid);
  }, 60_000);

  it("will not resume a file that changed since it was interrupted, and stops on a refused key", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const { file } = writeHistory("changing.jsonl", 30);
    const interrupt = new AbortController();
    await importCallHistory({
      url: server.url,
      key,
      file,
      batchSize: 10,
      signal: interrupt.signal,
      progress: (p) => (p.lines >= 10 ? interrupt.abort() : undefined),
    });
    writeFileSync(file, `${readFileSync(file, "utf8")}{}\n`);
    await expect(importCallHistory({ url: server.url, key, file })).rejects.toThrow(/--restart/);
    await expect(
      importCallHistory({ url: server.url, key: "cdk_wrong", file, restart: true }),
    ).rejects.toThrow(/API key/);
  });
});
