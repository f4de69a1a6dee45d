import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forgetUnseenDevices, KNOWN_DEVICE_KEPT_MS } from "../../src/server/auth/auth-maintenance";
import { rawRows } from "../../src/server/db/raw-rows";
import type { AuditList } from "../../src/shared/audit.schema";
import { uniqueEmail } from "../support/server-accounts";
import { dataOf } from "../support/server-calls";
import { DAY } from "../support/server-clock";
import { accessTokenOf, serverForFile } from "../support/server-harness";

const server = serverForFile();

const PASSWORD = "correct horse";

const deviceCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith("calldesk_device="));
const deviceIdOf = (response: Response) =>
  deviceCookieOf(response)?.split(";")[0]?.slice("calldesk_device=".length);

/** A sign-in from a browser holding `deviceId` (none: a browser that never signed in here). */
async function signInOn(email: string, deviceId: string | null, password = PASSWORD) {
  return server.request("/api/auth/sign-in", {
    json: { email, password },
    headers: deviceId === null ? {} : { cookie: `calldesk_device=${deviceId}` },
  });
}

async function actionsOf(response: Response) {
  const log = await dataOf<AuditList>(
    await server.request("/api/audit", { accessToken: accessTokenOf(response) }),
  );
  return log.data.map((entry) => entry.action);
}

/** A sign-up, and the device id of the browser it was made on. */
async function newAccount(): Promise<{ email: string; deviceId: string }> {
  const email = uniqueEmail("devices");
  const response = await server.request("/api/auth/sign-up", { json: { email, password: PASSWORD } });
  expect(response.status).toBe(201);
  return { email, deviceId: deviceIdOf(response)! };
}

describe("sign-ins from a new device", () => {
  it("gives the browser a long-lived device cookie only the auth endpoints see", async () => {
    const response = await server.request("/api/auth/sign-up", {
      json: { email: uniqueEmail("cookie"), password: PASSWORD },
    });
    const cookie = deviceCookieOf(response)!;
    expect(cookie).toMatch(/^calldesk_device=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("Max-Age=34560000");
    expect(cookie).toContain("Path=/api/auth");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
  });

  it("records a sign-in from a browser the user never signed in on, and not one they did", async () => {
    const { email, deviceId } = await newAccount();
    // The browser they signed up on is known.
    const again = await signInOn(email, deviceId);
    expect(again.status).toBe(200);
    expect(deviceIdOf(again)).toBe(deviceId);
    expect(await actionsOf(again)).toEqual(["account.signed_up"]);

    const elsewhere = await signInOn(email, null);
    expect(elsewhere.status).toBe(200);
    expect(await actionsOf(elsewhere)).toEqual(["session.new_device", "account.signed_up"]);
    const secondDevice = deviceIdOf(elsewhere)!;
    expect(secondDevice).not.toBe(deviceId);
    // That browser is known from now on.
    expect(await actionsOf(await signInOn(email, secondDevice))).toEqual([
      "session.new_device",
      "account.signed_up",
    ]);
  });

  it("takes a cookie it did not make, or one another user signed in with, for a new device", async () => {
    const alice = await newAccount();
    const bob = await newAccount();
    const forged = await signInOn(alice.email, "not-a-device-id");
    expect(deviceIdOf(forged)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await actionsOf(forged)).toEqual(["session.new_device", "account.signed_up"]);
    // Alice signs in on Bob's browser: new to her, whatever it is to him.
    const shared = await signInOn(alice.email, bob.deviceId);
    expect(deviceIdOf(shared)).toBe(bob.deviceId);
    expect(await actionsOf(shared)).toEqual([
      "session.new_device",
      "session.new_device",
      "account.signed_up",
    ]);
    expect(await actionsOf(await signInOn(bob.email, bob.deviceId))).toEqual(["account.signed_up"]);
  });

  it("records nothing of a failed sign-in, and stores only a digest of the device id", async () => {
    const { email, deviceId } = await newAccount();
    const refused = await signInOn(email, null, "wrong password");
    expect(refused.status).toBe(401);
    expect(deviceCookieOf(refused)).toBeUndefined();
    expect(await actionsOf(await signInOn(email, deviceId))).toEqual(["account.signed_up"]);
    const stored = await rawRows<{ row: string }>(
      server.db,
      sql`select row_to_json(d)::text as row from known_devices d
        union all select row_to_json(a)::text from audit_log a`,
    );
    expect(stored.map(({ row }) => row).join("\n")).not.toContain(deviceId);
  });
});

describe("browsers no one signs in on", () => {
  const knownCount = async () =>
    (await rawRows<{ n: number }>(server.db, sql`select count(*)::int as n from known_devices`))[0]!.n;

  it("are forgotten by the hourly auth maintenance once their cookie has expired, not while it lives", async () => {
    expect(KNOWN_DEVICE_KEPT_MS).toBe(400 * DAY);
    const alice = await newAccount();
    const bob = await newAccount();
    server.clock.advance(300 * DAY);
    expect(await actionsOf(await signInOn(bob.email, bob.deviceId))).toEqual(["account.signed_up"]);
    server.clock.advance(100 * DAY + 1); // Alice's browser unseen for over 400 days, Bob's for 100.
    expect(await server.runDue()).toContain("auth-maintenance");
    expect(await actionsOf(await signInOn(alice.email, alice.deviceId))).toEqual([
      "session.new_device",
      "account.signed_up",
    ]);
    expect(await actionsOf(await signInOn(bob.email, bob.deviceId))).toEqual(["account.signed_up"]);
  });

  it("are deleted in bounded statements until none is left", async () => {
    const { email } = await newAccount();
    for (let i = 0; i < 4; i++) await signInOn(email, null);
    server.clock.advance(401 * DAY);
    const fresh = await newAccount();
    const before = await knownCount();
    const forgotten = await forgetUnseenDevices(server.db, server.clock(), 2);
    expect(forgotten).toBeGreaterThanOrEqual(5);
    expect(await knownCount()).toBe(before - forgotten);
    expect(await knownCount()).toBe(1);
    expect(await actionsOf(await signInOn(fresh.email, fresh.deviceId))).toEqual(["account.signed_up"]);
  });
});
