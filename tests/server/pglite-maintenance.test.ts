import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refreshPlans, vacuumTables } from "../../src/server/db/pglite-maintenance";
import { rawRows } from "../../src/server/db/raw-rows";
import { signUp } from "../support/server-accounts";
import { createAssistantKey, reportCall } from "../support/server-calls";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

const vacuums = async () =>
  new Map(
    (
      await rawRows<{ table: string; count: number }>(
        server.db,
        sql`select relname as table, vacuum_count::int as count from pg_stat_user_tables`,
      )
    ).map(({ table, count }) => [table, count]),
  );

describe("PGlite maintenance (what autovacuum does on PostgreSQL)", () => {
  it("vacuums every table, and drops cached plans, while the app keeps answering", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const report = { externalId: "live", callerNumber: "+1 555 0100", startedAt: new Date().toISOString() };
    expect((await reportCall(server, key, { ...report, status: "in-progress" })).status).toBe(201);
    expect((await reportCall(server, key, { ...report, status: "completed" })).status).toBe(200);

    const before = await vacuums();
    await vacuumTables(server.db);
    await refreshPlans(server.db);
    const after = await vacuums();
    for (const table of ["calls", "assistant_keys", "refresh_tokens", "businesses"]) {
      expect(after.get(table)).toBe((before.get(table) ?? 0) + 1);
    }
    expect((await reportCall(server, key, { ...report, externalId: "next", status: "missed" })).status).toBe(
      201,
    );
  });
});
