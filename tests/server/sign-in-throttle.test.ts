import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authThrottle } from "../../src/server/db/schema/auth-throttle.schema";
import { signUp, uniqueEmail } from "../support/server-accounts";
import { MINUTE, SECOND } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";

let server: TestServer;
let address = 0;
beforeAll(async () => {
  // TRUST_PROXY lets each test speak from its own client address through X-Forwarded-For.
  server = await startTestServer({ env: { TRUST_PROXY: "true" } });
});
afterAll(() => server.close());

const newAddress = () => `203.0.113.${++address}`;

const attempt = (email: string, password: string, from: string, deviceId?: string) =>
  server.request("/api/auth/sign-in", {
    json: { email, password },
    headers: {
      "x-forwarded-for": from,
      ...(deviceId === undefined ? {} : { cookie: `calldesk_device=${deviceId}` }),
    },
  });

const deviceIdOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("calldesk_device="))!
    .split(";")[0]!
    .slice("calldesk_device=".length);

/** An account, and the device id of a browser its owner signed in on. */
async function accountWithKnownDevice(): Promise<{ email: string; deviceId: string }> {
  const email = uniqueEmail();
  await signUp(server, email, "right password");
  const signedIn = await attempt(email, "right password", newAddress());
  expect(signedIn.status).toBe(200);
  return { email, deviceId: deviceIdOf(signedIn) };
}

/** Five wrong passwords for the account from five addresses, no device cookie: the account is locked. */
async function lockOut(email: string) {
  for (let i = 0; i < 5; i++) expect((await attempt(email, "wrong password", newAddress())).status).toBe(401);
  expect((await attempt(email, "right password", newAddress())).status).toBe(429);
}

describe("per account", () => {
  it("refuses the 6th attempt in 15 minutes with 429 and Retry-After, even with the right password", async () => {
    const email = uniqueEmail();
    await signUp(server, email, "right password");
    server.clock.advance(MINUTE);
    for (let i = 0; i < 5; i++) {
      expect((await attempt(email, "wrong password", newAddress())).status).toBe(401);
      server.clock.advance(SECOND);
    }
    const blocked = await attempt(email.toUpperCase(), "right password", newAddress());
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      success: false,
      error: { code: "THROTTLED", message: "Too many failed sign-in attempts. Try again later." },
    });
    // The window opened with the first failure, 5 s ago.
    expect(blocked.headers.get("retry-after")).toBe(String(15 * 60 - 5));
    // A refused attempt is not judged at all, so it counts as no failure either.
    const [row] = await server.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `acct:${email}`));
    expect(row!.failures).toBe(5);

    server.clock.advance((15 * 60 - 5) * SECOND);
    expect((await attempt(email, "right password", newAddress())).status).toBe(200);
  });

  it("lets at most 5 of many parallel wrong passwords be checked, then refuses even the right one", async () => {
    const email = uniqueEmail();
    await signUp(server, email, "right password");
    const attempts = Array.from({ length: 16 }, () => attempt(email, "wrong password", newAddress()));
    const statuses = (await Promise.all(attempts)).map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(11).fill(429)]);
    expect((await attempt(email, "right password", newAddress())).status).toBe(429);
    const [row] = await server.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `acct:${email}`));
    expect(row!.failures).toBe(5);
  });

  it("keeps its counter in the database", async () => {
    const email = uniqueEmail();
    const from = newAddress();
    await attempt(email, "wrong password", from);
    await attempt(email, "wrong password", from);
    const [row] = await server.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `acct:${email}`));
    expect(row).toMatchObject({ failures: 2, windowStartedAt: server.clock(), blockedUntil: null });
  });

  it("forgets the failures after a successful sign-in", async () => {
    const email = uniqueEmail();
    await signUp(server, email, "right password");
    for (let i = 0; i < 4; i++) await attempt(email, "wrong password", newAddress());
    expect((await attempt(email, "right password", newAddress())).status).toBe(200);
    const rows = await server.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `acct:${email}`));
    expect(rows).toEqual([]);
    for (let i = 0; i < 4; i++) await attempt(email, "wrong password", newAddress());
    expect((await attempt(email, "right password", newAddress())).status).toBe(200);
  });

  it("starts a new window once the old one has passed", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 4; i++) await attempt(email, "wrong password", newAddress());
    server.clock.advance(15 * MINUTE);
    await attempt(email, "wrong password", newAddress());
    const [row] = await server.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `acct:${email}`));
    expect(row).toMatchObject({ failures: 1, windowStartedAt: server.clock() });
  });
});

describe("per device (a browser the user signed in on before)", () => {
  it("lets the owner in on a known browser while others' failures keep the account locked", async () => {
    const { email, deviceId } = await accountWithKnownDevice();
    server.clock.advance(MINUTE);
    await lockOut(email);
    // The owner's own browser, from wherever: not the lock's concern.
    expect((await attempt(email, "right password", newAddress(), deviceId)).status).toBe(200);
    // Everyone else is still locked out, the owner's sign-in notwithstanding.
    expect((await attempt(email, "right password", newAddress())).status).toBe(429);
  });

  it("counts a known browser's failures against that browser only", async () => {
    const { email, deviceId } = await accountWithKnownDevice();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(email, "wrong password", newAddress(), deviceId)).status).toBe(401);
    }
    expect((await attempt(email, "right password", newAddress(), deviceId)).status).toBe(429);
    // The account itself was not guessed at: another browser gets in.
    expect((await attempt(email, "right password", newAddress())).status).toBe(200);
    const [account] = await server.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `acct:${email}`));
    expect(account).toBeUndefined();
    server.clock.advance(15 * MINUTE);
    expect((await attempt(email, "right password", newAddress(), deviceId)).status).toBe(200);
  });

  it("gives no way round the lock to a cookie unknown for the account (made up, or another user's browser)", async () => {
    const { email } = await accountWithKnownDevice();
    const someoneElse = await accountWithKnownDevice();
    await lockOut(email);
    expect((await attempt(email, "right password", newAddress(), someoneElse.deviceId)).status).toBe(429);
    expect((await attempt(email, "right password", newAddress(), "x".repeat(43))).status).toBe(429);
  });
});

describe("per client address", () => {
  it("refuses the 31st failure from one address across many accounts", async () => {
    const from = newAddress();
    for (let i = 0; i < 30; i++) {
      expect((await attempt(uniqueEmail("spray"), "guess", from)).status).toBe(401);
    }
    const blocked = await attempt(uniqueEmail("spray"), "guess", from);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBe(15 * 60);
    // Another address is not affected.
    expect((await attempt(uniqueEmail("spray"), "guess", newAddress())).status).toBe(401);
  });

  it("does not count a successful sign-in as a failure of its address", async () => {
    const from = newAddress();
    const email = uniqueEmail();
    await signUp(server, email, "right password");
    for (let i = 0; i < 29; i++) await attempt(uniqueEmail("spray"), "guess", from);
    expect((await attempt(email, "right password", from)).status).toBe(200);
    expect((await attempt(uniqueEmail("spray"), "guess", from)).status).toBe(401);
    expect((await attempt(uniqueEmail("spray"), "guess", from)).status).toBe(429);
  });

  it("counts an IPv6 client as its /64: a new address from it per attempt is the same client", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 35; i++) {
      statuses.push((await attempt(uniqueEmail("six"), "guess", `2001:db8:1:1::${i.toString(16)}`)).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
    expect((await attempt(uniqueEmail("six"), "guess", "2001:db8:1:1:ffff:ffff:ffff:ffff")).status).toBe(429);
    // The next /64 is another client.
    expect((await attempt(uniqueEmail("six"), "guess", "2001:db8:1:2::1")).status).toBe(401);
  });

  it("counts an IPv4 client written as an IPv4-mapped IPv6 address as that IPv4 address", async () => {
    const from = newAddress();
    for (let i = 0; i < 30; i++)
      await attempt(uniqueEmail("mapped"), "guess", i % 2 ? from : `::ffff:${from}`);
    expect((await attempt(uniqueEmail("mapped"), "guess", from)).status).toBe(429);
    expect((await attempt(uniqueEmail("mapped"), "guess", `::ffff:${from}`)).status).toBe(429);
  });

  it("cannot be dodged by writing a new address left of the one the proxy appended", async () => {
    const proxyAppended = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (await attempt(uniqueEmail("spoof"), "guess", `198.51.100.${i}, ${proxyAppended}`)).status,
      );
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });
});
