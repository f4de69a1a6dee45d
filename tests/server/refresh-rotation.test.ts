import type { SessionUser } from "@shared/auth.schema";
import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  hashRefreshToken,
  revokeRefreshFamily,
  rotateRefreshToken,
} from "../../src/server/auth/refresh-sessions";
import type { Database } from "../../src/server/db/database";
import { refreshTokenFamilies, refreshTokens } from "../../src/server/db/schema/refresh-tokens.schema";
import { refresh, signUp } from "../support/server-accounts";
import { DAY, SECOND } from "../support/server-clock";
import { accessTokenOf, readEnvelope, refreshCookieOf, serverForFile } from "../support/server-harness";

const server = serverForFile();

/** Refreshes and returns the new cookie, failing the test unless the refresh succeeded. */
async function rotate(cookie: string): Promise<string> {
  const response = await refresh(server, cookie);
  expect(response.status).toBe(200);
  return refreshCookieOf(response)!;
}

async function familyOf(cookie: string) {
  const [row] = await server.db
    .select({ family: refreshTokenFamilies })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(cookie)));
  return row!.family;
}

describe("refresh", () => {
  it("returns the user, a new access token and a new cookie for the rest of the family's life", async () => {
    const { user, refreshCookie } = await signUp(server);
    server.clock.advance(DAY);
    const response = await refresh(server, refreshCookie);
    expect(response.status).toBe(200);
    expect(await readEnvelope<SessionUser>(response)).toEqual({ success: true, data: user });
    expect(accessTokenOf(response)).toBeTruthy();
    const next = refreshCookieOf(response);
    expect(next).toBeTruthy();
    expect(next).not.toBe(refreshCookie);
    expect(response.headers.getSetCookie()[0]).toMatch(/Max-Age=2505600/); // 29 days left
  });

  it("answers 'no session' (200, data null, no token, no cookie) when there is no cookie at all", async () => {
    const response = await server.request("/api/auth/refresh", { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: null });
    expect(accessTokenOf(response)).toBeFalsy();
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("fails with 401 and clears the cookie when the cookie is unknown", async () => {
    const response = await refresh(server, "not-a-token");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "UNAUTHENTICATED", message: "Authentication required" },
    });
    expect(refreshCookieOf(response)).toBe("");
  });

  it("stores only SHA-256 digests of refresh tokens", async () => {
    const { refreshCookie } = await signUp(server);
    const rows = await server.db.select().from(refreshTokens);
    expect(rows.some((r) => r.tokenHash === refreshCookie)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashRefreshToken(refreshCookie))).toBe(true);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe("rotation and reuse", () => {
  it("refuses a rotated token once the grace window has passed, and revokes the whole family", async () => {
    const first = (await signUp(server)).refreshCookie;
    const second = await rotate(first);
    server.clock.advance(10 * SECOND);
    const replay = await refresh(server, first);
    expect(replay.status).toBe(401);
    expect(refreshCookieOf(replay)).toBe("");
    // The newest token dies with its family: whoever holds it (maybe the thief) is out too.
    expect((await refresh(server, second)).status).toBe(401);
    expect(await familyOf(first)).toMatchObject({ revokedReason: "reuse", revokedAt: server.clock() });
  });

  it("lets two tabs refresh with the same cookie at once: both succeed with distinct tokens", async () => {
    const cookie = (await signUp(server)).refreshCookie;
    const [a, b] = await Promise.all([refresh(server, cookie), refresh(server, cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [nextA, nextB] = [refreshCookieOf(a)!, refreshCookieOf(b)!];
    expect(nextA).not.toBe(nextB);
    // Both successors live on in the same, unrevoked family.
    expect(await rotate(nextA)).toBeTruthy();
    expect(await rotate(nextB)).toBeTruthy();
    expect((await familyOf(cookie)).revokedAt).toBeNull();
  });

  it("gives the just-used token a sibling within 10 s, but not once a child has been used", async () => {
    const parent = (await signUp(server)).refreshCookie;
    const child = await rotate(parent);
    server.clock.advance(9 * SECOND);
    const sibling = await rotate(parent);
    expect(sibling).not.toBe(child);
    await rotate(sibling); // a child of `parent` is now used: the grace is over for it
    const late = await refresh(server, parent);
    expect(late.status).toBe(401);
    expect((await familyOf(parent)).revokedReason).toBe("reuse");
  });

  it("revokes the family when a grandparent token is replayed, even within 10 s", async () => {
    const grandparent = (await signUp(server)).refreshCookie;
    const parent = await rotate(grandparent);
    const newest = await rotate(parent);
    expect((await refresh(server, grandparent)).status).toBe(401);
    expect((await refresh(server, newest)).status).toBe(401);
  });
});

describe("a sign-out racing a refresh", () => {
  /** The server's database, on which another tab signs `cookie` out just before a transaction opens. */
  const signingOutBeforeTransaction = (cookie: string): Database =>
    new Proxy(server.db, {
      get(target, property, receiver) {
        if (property !== "transaction") return Reflect.get(target, property, receiver);
        return async (...args: Parameters<Database["transaction"]>) => {
          await revokeRefreshFamily(target, cookie, server.clock());
          return target.transaction(...args);
        };
      },
    });

  const tokensOf = async (cookie: string) =>
    server.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await familyOf(cookie)).id));

  it("issues nothing when the sign-out commits after the refresh read the family", async () => {
    const { refreshCookie } = await signUp(server);
    const db = signingOutBeforeTransaction(refreshCookie);
    expect(await rotateRefreshToken(db, refreshCookie, server.clock())).toEqual({
      ok: false,
      reason: "revoked",
    });
    expect(await tokensOf(refreshCookie)).toHaveLength(1);
    expect(await familyOf(refreshCookie)).toMatchObject({ revokedReason: "sign-out" });
  });

  it("gives no sibling within the grace window either", async () => {
    const parent = (await signUp(server)).refreshCookie;
    await rotate(parent);
    server.clock.advance(SECOND);
    const db = signingOutBeforeTransaction(parent);
    expect(await rotateRefreshToken(db, parent, server.clock())).toEqual({ ok: false, reason: "revoked" });
    expect(await tokensOf(parent)).toHaveLength(2);
    expect(await familyOf(parent)).toMatchObject({ revokedReason: "sign-out" });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "waits for a sign-out still being committed on another connection, then refuses (PostgreSQL)",
    async () => {
      const { refreshCookie } = await signUp(server);
      const family = await familyOf(refreshCookie);
      const signOut = new pg.Client({ connectionString: server.databaseUrl! });
      await signOut.connect();
      try {
        await signOut.query("begin");
        await signOut.query(
          "update refresh_token_families set revoked_at = $1, revoked_reason = 'sign-out' where id = $2",
          [server.clock(), family.id],
        );
        let answered = false;
        const refreshing = refresh(server, refreshCookie).finally(() => {
          answered = true;
        });
        const waitingForLocks = async () =>
          (await signOut.query("select count(*)::int as n from pg_locks where not granted")).rows[0].n;
        await expect.poll(waitingForLocks).toBe(1);
        expect(answered).toBe(false);
        await signOut.query("commit");
        const response = await refreshing;
        expect(response.status).toBe(401);
        expect(refreshCookieOf(response)).toBe("");
        expect(await tokensOf(refreshCookie)).toHaveLength(1);
      } finally {
        await signOut.end();
      }
    },
  );
});

describe("lifetimes", () => {
  it("ends a family 30 days after sign-in however often it is rotated", async () => {
    let cookie = (await signUp(server)).refreshCookie;
    for (let week = 1; week <= 4; week++) {
      server.clock.advance(7 * DAY);
      cookie = await rotate(cookie);
    }
    // 28 days in: the cookie's Max-Age is what is left of the family, not a fresh 30 days.
    server.clock.advance(2 * DAY - SECOND);
    const lastGood = await refresh(server, cookie);
    expect(lastGood.status).toBe(200);
    expect(lastGood.headers.getSetCookie()[0]).toMatch(/Max-Age=1;/);
    // Its access token, issued a second before the end, ends with the family rather than 15 minutes later.
    const accessToken = accessTokenOf(lastGood)!;
    expect((await server.request("/api/auth/me", { accessToken })).status).toBe(200);
    server.clock.advance(SECOND);
    expect((await refresh(server, refreshCookieOf(lastGood)!)).status).toBe(401);
    expect((await server.request("/api/auth/me", { accessToken })).status).toBe(401);
  });

  it("lets a token unused for 14 days die inside a living family", async () => {
    const cookie = (await signUp(server)).refreshCookie;
    server.clock.advance(14 * DAY - SECOND);
    const fresh = await rotate(cookie);
    server.clock.advance(14 * DAY);
    expect((await refresh(server, fresh)).status).toBe(401);
  });

  it("refuses the cookie of a signed-out family", async () => {
    const { refreshCookie } = await signUp(server);
    const next = await rotate(refreshCookie);
    await server.request("/api/auth/sign-out", { method: "POST", refreshCookie: next });
    expect((await refresh(server, next)).status).toBe(401);
    expect((await familyOf(next)).revokedReason).toBe("sign-out");
  });
});
