import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SIGN_UP_LIMIT } from "../../src/server/config";
import { users } from "../../src/server/db/schema/users.schema";
import { uniqueEmail } from "../support/server-accounts";
import { MINUTE } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";

let server: TestServer;
let address = 0;
beforeAll(async () => {
  // SIGN_UP_LIMIT empty is unset: the default limit, not the harness's. TRUST_PROXY gives each test its own address.
  server = await startTestServer({ env: { SIGN_UP_LIMIT: "", TRUST_PROXY: "true" } });
});
afterAll(() => server.close());

const newAddress = () => `203.0.113.${++address}`;

const signUpFrom = (from: string, email = uniqueEmail("signup")) =>
  server.request("/api/auth/sign-up", {
    json: { email, password: "correct horse" },
    headers: { "x-forwarded-for": from },
  });

const userCount = async (email?: string) => {
  const [row] = await server.db
    .select({ n: count() })
    .from(users)
    .where(email ? eq(users.email, email) : undefined);
  return row!.n;
};

describe("sign-up per client address", () => {
  it(`allows ${DEFAULT_SIGN_UP_LIMIT} in an hour, then answers 429 with Retry-After and creates nothing`, async () => {
    expect(DEFAULT_SIGN_UP_LIMIT).toBe(10);
    const from = newAddress();
    const first = uniqueEmail("signup");
    expect((await signUpFrom(from, first)).status).toBe(201);
    server.clock.advance(MINUTE);
    for (let i = 1; i < DEFAULT_SIGN_UP_LIMIT; i++) expect((await signUpFrom(from)).status).toBe(201);

    const before = await userCount();
    const email = uniqueEmail("signup");
    const refused = await signUpFrom(from, email);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      success: false,
      error: { code: "THROTTLED", message: "Too many sign-ups from this address. Try again later." },
    });
    // The hour opened with the first sign-up, a minute ago.
    expect(refused.headers.get("retry-after")).toBe(String(59 * 60));
    // A taken e-mail is refused the same way: the throttle speaks before anything is looked up.
    expect((await signUpFrom(from, first)).status).toBe(429);
    expect(await userCount(email)).toBe(0);
    expect(await userCount()).toBe(before);

    // Another address is not affected; this one may sign up again once its hour has passed.
    expect((await signUpFrom(newAddress())).status).toBe(201);
    server.clock.advance(59 * MINUTE);
    expect((await signUpFrom(from)).status).toBe(201);
  });

  it("counts an IPv6 client as its /64, whichever of its addresses each sign-up comes from", async () => {
    for (let i = 1; i <= DEFAULT_SIGN_UP_LIMIT; i++) {
      expect((await signUpFrom(`2001:db8:5:5::${i.toString(16)}`)).status).toBe(201);
    }
    expect((await signUpFrom("2001:db8:5:5:abcd::1")).status).toBe(429);
    expect((await signUpFrom("2001:db8:5:6::1")).status).toBe(201);
  });

  it("holds for sign-ups sent all at once", async () => {
    const from = newAddress();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => signUpFrom(from).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(DEFAULT_SIGN_UP_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - DEFAULT_SIGN_UP_LIMIT);
  });
});
