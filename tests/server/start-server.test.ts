import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callTransferSettings } from "@shared/company.schema";
import { type } from "arktype";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../../src/server/demo/seed-demo";
import { startServer } from "../../src/server/start-server";
import { signIn } from "../support/server-accounts";
import { createPostgresDatabase, openTestDatabase } from "../support/server-database";
import { accessTokenOf, refreshCookieOf, startTestServer, type TestServer } from "../support/server-harness";

describe("demo seed", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("creates Bright Smile Dental and its demo user once, on an empty database only", async () => {
    expect(await seedDemo(server.db, server.clock())).toBe(true);
    expect(await seedDemo(server.db, server.clock())).toBe(false);
    const rows = await server.db.select().from(businesses);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Bright Smile Dental",
      timezone: "America/New_York",
      phoneNumber: "+1 555 0100",
      callTransfer: {
        enabled: true,
        transferPhoneNumbers: { departments: { reception: expect.any(String), billing: expect.any(String) } },
      },
    });
    expect(rows[0]!.greeting).toMatch(/Bright Smile Dental/);
    expect(callTransferSettings(rows[0]!.callTransfer)).not.toBeInstanceOf(type.errors);

    const demo = await signIn(server, DEMO_EMAIL, DEMO_PASSWORD);
    expect(demo.user).toMatchObject({ email: DEMO_EMAIL, businessName: "Bright Smile Dental" });
  });
});

/** Starts the server as main.ts does (its own database, seeding, generated secret), then again on the same data. */
async function restartKeepsState(env: Record<string, string>) {
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", STATIC_DIR: "", LOG_LEVEL: "silent", ...env });
  const post = (url: string, path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      method: "POST",
      ...init,
      headers: { origin: url, "content-type": "application/json", ...init.headers },
    });

  const first = await startServer({ config });
  let refreshCookie: string;
  let accessToken: string;
  try {
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const signedIn = await post(first.url, "/api/auth/sign-in", {
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    refreshCookie = refreshCookieOf(signedIn)!;
    accessToken = accessTokenOf(signedIn)!;
  } finally {
    await first.close();
  }

  const second = await startServer({ config });
  try {
    // Same data (the session's rows) and same generated secret (the access token still verifies).
    const me = await fetch(`${second.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(200);
    const refreshed = await post(second.url, "/api/auth/refresh", {
      headers: { cookie: `calldesk_refresh=${refreshCookie}` },
    });
    expect(refreshed.status).toBe(200);
    expect(await second.db.$count(businesses, eq(businesses.name, "Bright Smile Dental"))).toBe(1);
  } finally {
    await second.close();
  }
}

describe("startServer", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "calldesk-start-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two starts on a new data directory: migrations, SQL functions and the demo's seeding, then opening it again.
  it("keeps the embedded database under DATA_DIR, and the secret generated into it, across restarts", {
    timeout: 60_000,
  }, async () => {
    await restartKeepsState({ DATA_DIR: dataDir });
  });

  // A new data directory: every migration runs, as in the test above.
  it("creates no demo business when SEED_DEMO=false", { timeout: 60_000 }, async () => {
    const config = loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      STATIC_DIR: "",
      LOG_LEVEL: "silent",
      DATA_DIR: join(dataDir, "no-demo"),
      SEED_DEMO: "false",
    });
    const server = await startServer({ config });
    try {
      expect(await server.db.$count(businesses)).toBe(0);
    } finally {
      await server.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "runs on PostgreSQL from DATABASE_URL across restarts",
    async () => {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      try {
        await restartKeepsState({
          DATA_DIR: join(dataDir, "pg"),
          DATABASE_URL: database.url,
          SEED_DEMO: "true",
        });
      } finally {
        await database.drop();
      }
    },
  );

  it("refuses to start on a port that is taken, and closes the database it was given", async () => {
    const running = await startTestServer();
    const database = await openTestDatabase();
    try {
      const config = loadConfig({
        PORT: new URL(running.url).port,
        HOST: "127.0.0.1",
        STATIC_DIR: "",
        LOG_LEVEL: "silent",
        JWT_SECRET: "j".repeat(32),
      });
      await expect(startServer({ config, database: database.handle, seedDemo: false })).rejects.toThrow(
        /EADDRINUSE/,
      );
      await expect(database.handle.db.$count(businesses)).rejects.toThrow();
    } finally {
      await database.drop();
      await running.close();
    }
  });
});
