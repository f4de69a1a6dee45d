import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { instanceSettings } from "../../src/server/db/schema/instance-settings.schema";
import { resolveCalendarTokenKey, resolveJwtSecret } from "../../src/server/secrets";
import { openTestDatabase, type TestDatabase } from "../support/server-database";

// Generated secrets live in the database, so every instance on it signs and decrypts alike whatever its
// DATA_DIR (two instances, two DATA_DIRs, here: two calls with different directories).

let database: TestDatabase;
const root = mkdtempSync(join(tmpdir(), "calldesk-secrets-"));
const dataDir = (name: string) => join(root, name);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.handle.db.delete(instanceSettings);
});
afterAll(async () => {
  await database.drop();
  rmSync(root, { recursive: true, force: true });
});

describe("resolveJwtSecret", () => {
  it("prefers JWT_SECRET and then stores nothing", async () => {
    const db = database.handle.db;
    expect(await resolveJwtSecret({ jwtSecret: "e".repeat(32), dataDir: dataDir("a") }, db)).toBe(
      "e".repeat(32),
    );
    expect(await db.$count(instanceSettings)).toBe(0);
  });

  it("generates one secret for every instance, however many ask at once, and keeps it", async () => {
    const db = database.handle.db;
    const secrets = await Promise.all(
      ["a", "b", "c", "d"].map((dir) => resolveJwtSecret({ jwtSecret: null, dataDir: dataDir(dir) }, db)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(await db.select().from(instanceSettings)).toEqual([
      { name: "jwtSecret", value: secrets[0], createdAt: expect.any(Date) },
    ]);
    expect(await resolveJwtSecret({ jwtSecret: null, dataDir: dataDir("e") }, db)).toBe(secrets[0]);
  });

  it("adopts the secret an older release kept in DATA_DIR/secrets.json", async () => {
    const db = database.handle.db;
    const old = randomBytes(48).toString("base64url");
    mkdirSync(dataDir("old"), { recursive: true });
    writeFileSync(join(dataDir("old"), "secrets.json"), JSON.stringify({ jwtSecret: old }));
    expect(await resolveJwtSecret({ jwtSecret: null, dataDir: dataDir("old") }, db)).toBe(old);
    expect(await resolveJwtSecret({ jwtSecret: null, dataDir: dataDir("a") }, db)).toBe(old);
  });
});

describe("resolveCalendarTokenKey", () => {
  it("generates one 32-byte key for every instance, unless CALENDAR_TOKEN_KEY is set", async () => {
    const db = database.handle.db;
    const given = randomBytes(32);
    expect(await resolveCalendarTokenKey({ calendarTokenKey: given, dataDir: dataDir("a") }, db)).toBe(given);
    expect(await db.$count(instanceSettings)).toBe(0);
    const first = await resolveCalendarTokenKey({ calendarTokenKey: null, dataDir: dataDir("a") }, db);
    const second = await resolveCalendarTokenKey({ calendarTokenKey: null, dataDir: dataDir("b") }, db);
    expect(first).toHaveLength(32);
    expect(second.equals(first)).toBe(true);
  });

  // Google tokens already stored were encrypted with it: a new key would make them unreadable.
  it("adopts the key an older release kept in DATA_DIR/calendar-token-key.json", async () => {
    const db = database.handle.db;
    const old = randomBytes(32);
    mkdirSync(dataDir("old-key"), { recursive: true });
    writeFileSync(
      join(dataDir("old-key"), "calendar-token-key.json"),
      JSON.stringify({ calendarTokenKey: old.toString("base64") }),
    );
    const key = await resolveCalendarTokenKey({ calendarTokenKey: null, dataDir: dataDir("old-key") }, db);
    expect(key.equals(old)).toBe(true);
  });
});
