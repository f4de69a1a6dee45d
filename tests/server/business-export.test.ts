import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, SqlClient } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";
import { countTenantRows, tenantRowPages } from "../../src/server/privacy/tenant-rows.repo";
import { exportedColumns, TENANT_TABLES, tableName } from "../../src/server/privacy/tenant-tables";
import { createFileRecordingStorage } from "../../src/server/recordings/file-recording-storage";
import { RECORDING_SCAN_MS } from "../../src/server/recordings/recording-copier";
import { storedCopyPages } from "../../src/server/recordings/recording-copies.repo";
import type { AuditList } from "../../src/shared/audit.schema";
import { openBusyBusiness } from "../support/busy-business";
import type { FakeBotApi } from "../support/fake-bot-api";
import type { FakeGoogleOAuth } from "../support/fake-google-oauth";
import { type FakeRecordings, startFakeRecordings, tinyWav } from "../support/fake-recordings";
import { readZip, readZipEntries } from "../support/read-zip";
import type { SignedIn } from "../support/server-accounts";
import { errorOf, openPractice, type Practice } from "../support/server-bookings";
import { dataOf, reportCall } from "../support/server-calls";
import { MINUTE } from "../support/server-clock";
import type { TestServer } from "../support/server-harness";
import { withApp } from "../support/server-instance";
import { startServerWithFakes } from "../support/server-with-fakes";

let bot: FakeBotApi;
let google: FakeGoogleOAuth;
let server: TestServer;
let close: () => Promise<void>;
// Calls' recordings come from a fake platform storage and are copied as files under dataDir.
let recordings: FakeRecordings;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "calldesk-export-"));
  let now = () => new Date();
  recordings = await startFakeRecordings({ now: () => now() });
  ({ bot, google, server, close } = await startServerWithFakes({ ...recordings.env, DATA_DIR: dataDir }));
  now = server.clock;
});
afterAll(async () => {
  await close();
  await recordings.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const exportOf = (staff: SignedIn, query = "") =>
  server.request(`/api/privacy/export${query}`, { accessToken: staff.accessToken });

const recordingPaths = (files: Map<string, unknown>) =>
  [...files.keys()].filter((path) => path.startsWith("recordings/"));

const auditOf = async (staff: SignedIn) =>
  dataOf<AuditList>(await server.request("/api/audit", { accessToken: staff.accessToken }));

/** Every secret column's values of the business, as text: none may appear in the export. */
async function secretValues(businessId: string): Promise<string[]> {
  const values: string[] = [];
  for (const entry of TENANT_TABLES)
    for (const column of entry.secrets) {
      const rows = await rawRows<{ value: string | null }>(
        server.db,
        sql`select ${sql.identifier(column)}::text as value from ${sql.identifier(tableName(entry))}
            where ${sql.identifier(entry.scope)} = ${businessId}::uuid`,
      );
      values.push(...rows.flatMap((row) => (row.value ? [row.value] : [])));
    }
  return values;
}

describe("GET /api/privacy/export", () => {
  it("streams a zip of every tenant table as JSON Lines and CSV with a readme of every file and column, no secret in it", async () => {
    const busy = await openBusyBusiness({ server, bot, google });
    const other = await openPractice(server);
    const response = await exportOf(busy.staff);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="calldesk-[\w-]+-2026-03-02\.zip"; filename\*=UTF-8''calldesk-.+-2026-03-02\.zip$/,
    );
    const files = await readZip(new Uint8Array(await response.arrayBuffer()));
    // Counted after the export: its own audit entry is in it.
    const counts = await countTenantRows(server.db, busy.businessId);
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    expect(Number(response.headers.get("x-export-rows"))).toBe(total);

    const names = TENANT_TABLES.map(tableName);
    expect([...files.keys()]).toEqual([
      "readme.txt",
      ...names.flatMap((name) => [`${name}.jsonl`, `${name}.csv`]),
    ]);
    const readme = files.get("readme.txt")!;
    for (const entry of TENANT_TABLES) {
      const name = tableName(entry);
      const columns = exportedColumns(entry).map((column) => column.name);
      const rows = files
        .get(`${name}.jsonl`)!
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(rows, name).toHaveLength(counts.get(name)!);
      for (const row of rows) {
        expect(Object.keys(row), name).toEqual(columns);
        expect(row[entry.scope], name).toBe(busy.businessId);
      }
      for (const secret of entry.secrets) expect(columns, name).not.toContain(secret);
      const csv = files.get(`${name}.csv`)!.split("\r\n");
      expect(csv[0], name).toBe(columns.join(","));
      expect(csv, name).toHaveLength(rows.length + 2);
      expect(readme).toContain(`${name}.jsonl, ${name}.csv: `);
      for (const column of exportedColumns(entry))
        expect(readme).toContain(`  ${column.name} (${column.sqlType})`);
    }

    const everything = [...files.values()].join("\n");
    const secrets = await secretValues(busy.businessId);
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toContain(other.businessId);
    const [call] = files.get("calls.csv")!.split("\r\n").slice(1);
    expect(call).toContain('"Booked a cleaning, ""soon"", please."');
    // A text starting like a formula (a phone number's +) has a ' before it in the CSV, none in the JSON.
    expect(call).toContain(`,"'+1 555 0100",`);
    expect(readme).toContain("has a ' put before it");
    const [callRow] = files.get("calls.jsonl")!.split("\n");
    expect(JSON.parse(callRow!)).toMatchObject({
      caller_number: "+1 555 0100",
      caller_name: "Ada Lovelace",
      transcript: [{ speaker: "caller", text: "Hello, this is Ada.\nCall me back." }],
    });

    expect(readme).toContain("recordings/: not in this export.");

    const log = await auditOf(busy.staff);
    expect(log.data[0]).toMatchObject({
      action: "business_data.exported",
      actor: { email: busy.staff.user.email },
      details: { recordings: false },
    });
  });

  it("reads a table in pages of keys: rows at one instant and microseconds apart come out once each, in order", async () => {
    const practice = await openPractice(server);
    for (let i = 0; i < 7; i++)
      await reportCall(server, practice.key, {
        externalId: `paged-${i}`,
        callerNumber: "+1 555 0199",
        startedAt: "2026-03-01T10:00:00Z",
        status: "completed",
      });
    // Three at instants a JavaScript Date cannot tell apart.
    await server.db.execute(sql`
      update calls set started_at = started_at + (random_us * interval '1 microsecond')
      from (select id as cid, row_number() over (order by id)::int as random_us from calls
            where business_id = ${practice.businessId}::uuid limit 3) picked
      where id = picked.cid`);
    const calls = TENANT_TABLES.find((entry) => tableName(entry) === "calls")!;
    const pages: string[][] = [];
    for await (const page of tenantRowPages(server.db, calls, practice.businessId, 2)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    const ids = pages.flat().map((line) => (JSON.parse(line) as { id: string }).id);
    const expected = await rawRows<{ id: string }>(
      server.db,
      sql`select id from calls where business_id = ${practice.businessId}::uuid order by started_at, id`,
    );
    expect(ids).toEqual(expected.map((row) => row.id));
  });

  /**
   * The export of `staff`'s business by an app on the test server's database whose reads of audit_log's pages
   * (near the archive's end) first wait for `atAuditLogPage`, which may fail or hold them.
   */
  async function exportReadingAuditLog(
    staff: SignedIn,
    atAuditLogPage: () => Promise<void>,
    use: (response: Response) => Promise<void>,
  ) {
    const real = server.db.$client;
    const client: SqlClient = {
      query: async (text, params) => {
        if (text.includes("json_build_object") && text.includes('from "audit_log"')) await atAuditLogPage();
        return real.query(text, params);
      },
    };
    const db = new Proxy(server.db, {
      get: (target, key) => (key === "$client" ? client : Reflect.get(target, key)),
    }) as Database;
    await withApp(server, { db }, async (url) => {
      const response = await fetch(`${url}/api/privacy/export`, {
        headers: { authorization: `Bearer ${staff.accessToken}` },
      });
      expect(response.status).toBe(200);
      await use(response);
    });
  }

  it("breaks the download when a table cannot be read midway: the zip never ends, it cannot pass for complete", async () => {
    const staff = (await openPractice(server)).staff;
    // The audit_log pages fail as if the connection died once the download is under way.
    await exportReadingAuditLog(
      staff,
      () => Promise.reject(new Error("connection lost")),
      (response) => expect(response.arrayBuffer()).rejects.toThrow(),
    );
  });

  it("breaks the download when the business is deleted while it runs: the tables read after it were empty", async () => {
    const staff = (await openPractice(server)).staff;
    // The export held on its audit_log pages while the business is deleted (a last export, then Delete
    // everything, perhaps from another tab).
    let reached = () => {};
    const atAuditLog = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = () => {
      reached();
      return released;
    };
    await exportReadingAuditLog(staff, hold, async (response) => {
      const body = response.arrayBuffer();
      await atAuditLog;
      const deleted = await server.request("/api/privacy/delete-business", {
        json: { businessName: staff.user.businessName },
        accessToken: staff.accessToken,
      });
      expect(deleted.status).toBe(200);
      release();
      await expect(body).rejects.toThrow();
    });
  });

  it("answers a HEAD with the file's headers alone: nothing is exported, nothing is logged", async () => {
    const staff = (await openPractice(server)).staff;
    const before = await auditOf(staff);
    const response = await server.request("/api/privacy/export", {
      method: "HEAD",
      accessToken: staff.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="calldesk-/);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    expect(await auditOf(staff)).toEqual(before);
  });

  it("is for signed-in staff only", async () => {
    expect((await server.request("/api/privacy/export")).status).toBe(401);
  });
});

let recorded = 0;
/** A call of the practice whose recording (`body`, sent as `contentType`) waits on the fake platform; its id. */
async function callWithRecording(
  practice: Practice,
  body: Buffer,
  contentType = "audio/wav",
): Promise<string> {
  const name = `export-${++recorded}`;
  const response = await reportCall(server, practice.key, {
    externalId: name,
    callerNumber: "+1 718 555 0142",
    startedAt: new Date(server.clock().getTime() - 10 * MINUTE).toISOString(),
    status: "completed",
    recordingUrl: recordings.publish(name, body, { contentType }),
  });
  expect(response.status).toBe(201);
  return (await dataOf<{ _id: string }>(response))._id;
}

/** The copy worker's next scheduled scan, run to its end: every recording waiting is copied. */
async function copyRecordings() {
  server.clock.advance(RECORDING_SCAN_MS);
  expect(await server.runDue()).toContain("recording-copies");
}

describe("GET /api/privacy/export?recordings=true", () => {
  it("adds every kept recording after the tables, byte for byte and uncompressed, named by its call and type; one deleted meanwhile is left out", async () => {
    const practice = await openPractice(server);
    const other = await openPractice(server);
    const wav = tinyWav();
    const mp3 = randomBytes(2000);
    const unusual = randomBytes(700);
    const wavCall = await callWithRecording(practice, wav);
    const mp3Call = await callWithRecording(practice, mp3, "audio/mpeg");
    const unusualCall = await callWithRecording(practice, unusual, "audio/basic");
    const goneCall = await callWithRecording(practice, tinyWav(0.25));
    await callWithRecording(other, tinyWav(1));
    await copyRecordings();
    // Listed as stored, its file deleted before the export reads it (as the retention purge does meanwhile).
    unlinkSync(join(dataDir, "recordings", practice.businessId, goneCall));

    const response = await exportOf(practice.staff, "?recordings=true");
    expect(response.status).toBe(200);
    const files = await readZipEntries(new Uint8Array(await response.arrayBuffer()));
    const expected = new Map([
      [wavCall, `recordings/${wavCall}.wav`],
      [mp3Call, `recordings/${mp3Call}.mp3`],
      [unusualCall, `recordings/${unusualCall}.bin`],
    ]);
    // After the tables, in call id order; nothing of the other business's, nothing of the deleted one.
    expect([...files.keys()]).toEqual([
      "readme.txt",
      ...TENANT_TABLES.map(tableName).flatMap((name) => [`${name}.jsonl`, `${name}.csv`]),
      ...[...expected.keys()].sort().map((callId) => expected.get(callId)),
    ]);
    expect(files.get(`recordings/${wavCall}.wav`)).toEqual({ bytes: wav, compressionMethod: 0 });
    expect(files.get(`recordings/${mp3Call}.mp3`)).toEqual({ bytes: mp3, compressionMethod: 0 });
    expect(files.get(`recordings/${unusualCall}.bin`)).toEqual({ bytes: unusual, compressionMethod: 0 });
    expect(files.get("calls.jsonl")!.compressionMethod).toBe(8);
    // Each file's name is its call's id in calls.jsonl.
    const callIds = files
      .get("calls.jsonl")!
      .bytes.toString()
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { id: string }).id);
    for (const callId of expected.keys()) expect(callIds).toContain(callId);
    const readme = files.get("readme.txt")!.bytes.toString();
    expect(readme).toContain("recordings/CALL_ID.EXT: the call recordings CallDesk keeps");
    expect(readme).toContain("CALL_ID is the call's id (calls.jsonl id, recording_copies.jsonl call_id)");

    const log = await auditOf(practice.staff);
    expect(log.data[0]).toMatchObject({ action: "business_data.exported", details: { recordings: true } });

    // Listed a page at a time by call id, the deleted file's row still among them.
    const pages: string[][] = [];
    for await (const page of storedCopyPages(server.db, practice.businessId, 2))
      pages.push(page.map((copy) => copy.callId));
    expect(pages.map((page) => page.length)).toEqual([2, 2]);
    expect(pages.flat()).toEqual([wavCall, mp3Call, unusualCall, goneCall].sort());
  });

  it("leaves them out when not asked for or asked not to, as the readme and the audit log say", async () => {
    const practice = await openPractice(server);
    await callWithRecording(practice, tinyWav());
    await copyRecordings();
    for (const query of ["", "?recordings=false"]) {
      const response = await exportOf(practice.staff, query);
      expect(response.status, query).toBe(200);
      const files = await readZip(new Uint8Array(await response.arrayBuffer()));
      expect(recordingPaths(files), query).toEqual([]);
      expect(files.get("readme.txt"), query).toContain("recordings/: not in this export.");
      expect((await auditOf(practice.staff)).data[0], query).toMatchObject({
        action: "business_data.exported",
        details: { recordings: false },
      });
    }
  });

  it("refuses a recordings value other than true or false, naming it, and records no export", async () => {
    const practice = await openPractice(server);
    // (`?recordings=` is no value at all, as every empty query parameter: the export without recordings.)
    for (const query of ["?recordings=maybe", "?recordings=1", "?recordings=true&recordings=true"]) {
      const response = await exportOf(practice.staff, query);
      expect(response.status, query).toBe(400);
      const error = await errorOf(response);
      expect(error, query).toMatchObject({ code: "VALIDATION", field: "recordings" });
      expect(error.message, query).toMatch(/^recordings /);
    }
    const actions = (await auditOf(practice.staff)).data.map((entry) => entry.action);
    expect(actions).not.toContain("business_data.exported");
  });

  it("breaks the download when the storage fails otherwise than by a missing file", async () => {
    const practice = await openPractice(server);
    await callWithRecording(practice, tinyWav());
    await copyRecordings();
    const files = createFileRecordingStorage(dataDir);
    const failing = { ...files, open: () => Promise.reject(new Error("disk unreadable")) };
    await withApp(server, { recordings: failing }, async (url) => {
      const response = await fetch(`${url}/api/privacy/export?recordings=true`, {
        headers: { authorization: `Bearer ${practice.staff.accessToken}` },
      });
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    });
  });
});
