import { describe, expect, it } from "vitest";
import { purgeExpiredAuthRows } from "../../src/server/auth/auth-maintenance.repo";
import { hashRefreshToken } from "../../src/server/auth/refresh-sessions";
import { authThrottle } from "../../src/server/db/schema/auth-throttle.schema";
import { refreshTokenFamilies, refreshTokens } from "../../src/server/db/schema/refresh-tokens.schema";
import { refresh, signUp, uniqueEmail } from "../support/server-accounts";
import { DAY, MINUTE } from "../support/server-clock";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

const WINDOW_SECONDS = 15 * 60;

describe("purgeExpiredAuthRows", () => {
  it("deletes families past their lifetime or revoked over a day ago, with their tokens, and nothing else", async () => {
    const expired = await signUp(server);
    server.clock.advance(10 * DAY);
    const signedOut = await signUp(server);
    await server.request("/api/auth/sign-out", { method: "POST", refreshCookie: signedOut.refreshCookie });
    const living = await signUp(server);
    await refresh(server, living.refreshCookie);

    server.clock.advance(20 * DAY); // the first family is now 30 days old; the sign-out was 20 days ago
    expect(await purgeExpiredAuthRows(server.db, server.clock(), WINDOW_SECONDS)).toEqual({
      families: 2,
      // The sign-ups' counter of 127.0.0.1, its hour long over.
      throttleKeys: 1,
    });
    const hashes = (await server.db.select({ h: refreshTokens.tokenHash }).from(refreshTokens)).map(
      (r) => r.h,
    );
    expect(hashes).not.toContain(hashRefreshToken(expired.refreshCookie));
    expect(hashes).not.toContain(hashRefreshToken(signedOut.refreshCookie));
    expect(hashes).toContain(hashRefreshToken(living.refreshCookie));
    expect(await server.db.$count(refreshTokenFamilies)).toBe(1);
  });

  it("deletes throttle rows only once their window and block are over", async () => {
    const failOnce = () =>
      server.request("/api/auth/sign-in", { json: { email: uniqueEmail(), password: "wrong password" } });
    await failOnce();
    const countKeys = () => server.db.$count(authThrottle);
    const before = await countKeys();
    expect(before).toBeGreaterThan(0);
    server.clock.advance(14 * MINUTE);
    expect((await purgeExpiredAuthRows(server.db, server.clock(), WINDOW_SECONDS)).throttleKeys).toBe(0);
    server.clock.advance(2 * MINUTE);
    expect((await purgeExpiredAuthRows(server.db, server.clock(), WINDOW_SECONDS)).throttleKeys).toBe(before);
    expect(await countKeys()).toBe(0);
  });
});
