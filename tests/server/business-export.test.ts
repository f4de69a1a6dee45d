import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database, SqlClient } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";
import { countTenantRows, tenantRowPages } from "../../src/server/privacy/tenant-rows.repo";
import { exportedColumns, TENANT_TABLES, tableName } from "../../src/server/privacy/tenant-tables";
import type { AuditList } from "../../src/shared/audit.schema";
import { openBusyBusiness } from "../support/busy-business";
import type { FakeBotApi } from "../support/fake-bot-api";
import type { FakeGoogleOAuth } from "../support/fake-google-oauth";
import { readZip } from "../support/read-zip";
import type { SignedIn } from "../support/server-accounts";
import { openPractice } from "../support/server-bookings";
import { dataOf, reportCall } from "../support/server-calls";
import type { TestServer } from "../support/server-harness";
import { startServerWithFakes } from "../support/server-with-fakes";

let bot: FakeBotApi;
let google: FakeGoogleOAuth;
let server: TestServer;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ bot, google, server, close } = await startServerWithFakes());
});
afterAll(() => close());

const exportOf = (staff: SignedIn) =>
  server.request("/api/privacy/export", { accessToken: staff.accessToken });

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
    const [callRow] = files.get("calls.jsonl")!.split("\n");
    expect(JSON.parse(callRow!)).toMatchObject({
      caller_name: "Ada Lovelace",
      transcript: [{ speaker: "caller", text: "Hello, this is Ada.\nCall me back." }],
    });

    const log = await dataOf<AuditList>(
      await server.request("/api/audit", { accessToken: busy.staff.accessToken }),
    );
    expect(log.data[0]).toMatchObject({
      action: "business_data.exported",
      actor: { email: busy.staff.user.email },
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

  it("breaks the download when a table cannot be read midway: the zip never ends, it cannot pass for complete", async () => {
    const staff = (await openPractice(server)).staff;
    // The same database, its audit_log pages failing as if the connection died once the download is under way.
    const real = server.db.$client;
    const failing: SqlClient = {
      query: (text, params) =>
        text.includes("json_build_object") && text.includes('from "audit_log"')
          ? Promise.reject(new Error("connection lost"))
          : real.query(text, params),
    };
    const db = new Proxy(server.db, {
      get: (target, key) => (key === "$client" ? failing : Reflect.get(target, key)),
    }) as Database;
    const config = {
      ...loadConfig({ STATIC_DIR: "", LOG_LEVEL: "silent" }),
      jwtSecret: server.jwtSecret,
      calendarTokenKey: Buffer.alloc(32),
    };
    const app = createApp({ config, db, clock: server.clock });
    const listener = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => listener.once("listening", resolve));
    try {
      const { port } = listener.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/privacy/export`, {
        headers: { authorization: `Bearer ${staff.accessToken}` },
      });
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it("is for signed-in staff only", async () => {
    expect((await server.request("/api/privacy/export")).status).toBe(401);
  });
});
