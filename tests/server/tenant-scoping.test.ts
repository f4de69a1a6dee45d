import { decode, sign } from "hono/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "../../src/server/auth/users.repo";
import { findBusiness } from "../../src/server/company/businesses.repo";
import { type SignedIn, signUp } from "../support/server-accounts";
import { readEnvelope, startTestServer, type TestServer } from "../support/server-harness";

let server: TestServer;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, `alice-${Date.now()}@alpha-clinic.com`);
  bob = await signUp(server, `bob-${Date.now()}@beta-salon.com`);
});
afterAll(() => server.close());

describe("tenant scoping", () => {
  it("gives every sign-up its own business", () => {
    expect(alice.user.businessId).not.toBe(bob.user.businessId);
    expect(alice.user.businessName).toBe("Alpha Clinic");
    expect(bob.user.businessName).toBe("Beta Salon");
  });

  it("answers /api/auth/me with the token holder's own user only", async () => {
    const asAlice = await readEnvelope(
      await server.request("/api/auth/me", { accessToken: alice.accessToken }),
    );
    const asBob = await readEnvelope(await server.request("/api/auth/me", { accessToken: bob.accessToken }));
    expect(asAlice).toEqual({ success: true, data: alice.user });
    expect(asBob).toEqual({ success: true, data: bob.user });
  });

  it("finds a user only within their own business", async () => {
    expect(await findSessionUser(server.db, alice.user.businessId, alice.user.id)).toEqual(alice.user);
    expect(await findSessionUser(server.db, bob.user.businessId, alice.user.id)).toBeNull();
    expect((await findBusiness(server.db, bob.user.businessId))?.name).toBe("Beta Salon");
  });

  it("refuses a validly signed token whose user is not in its business", async () => {
    // Pairing Alice's id with Bob's business must not reach Alice: the lookup is scoped by the business.
    const now = Math.floor(server.clock().getTime() / 1000);
    // Alice's own live session: the token is refused for its business alone, not for a session it lacks.
    const { sid } = decode(alice.accessToken).payload;
    const claims = { sub: alice.user.id, bid: bob.user.businessId, sid, iat: now, exp: now + 60 };
    const crossed = await sign(claims, server.jwtSecret, "HS256");
    const response = await server.request("/api/auth/me", { accessToken: crossed });
    expect(response.status).toBe(401);

    const honest = await sign({ ...claims, bid: alice.user.businessId }, server.jwtSecret, "HS256");
    expect((await server.request("/api/auth/me", { accessToken: honest })).status).toBe(200);
  });
});
