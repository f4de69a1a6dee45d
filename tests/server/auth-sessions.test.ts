import type { SessionUser } from "@shared/auth.schema";
import { callTransferSettings } from "@shared/company.schema";
import { weeklyScheduleOf } from "@shared/weekly-schedule";
import { type } from "arktype";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessNameFromEmail } from "../../src/server/auth/accounts";
import { hashPassword } from "../../src/server/auth/passwords";
import { insertUser } from "../../src/server/auth/users.repo";
import { readWeeklySchedule } from "../../src/server/availability/weekly-hours.repo";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import { refreshTokenFamilies } from "../../src/server/db/schema/refresh-tokens.schema";
import { users } from "../../src/server/db/schema/users.schema";
import type { AuditList } from "../../src/shared/audit.schema";
import { refresh, type SignedIn, signIn, signUp, uniqueEmail } from "../support/server-accounts";
import { dataOf } from "../support/server-calls";
import { MINUTE, SECOND } from "../support/server-clock";
import {
  accessTokenOf,
  type Requester,
  readEnvelope,
  refreshCookieOf,
  requestTo,
  serverForFile,
} from "../support/server-harness";
import { withApp } from "../support/server-instance";

const UNAUTHENTICATED = {
  success: false,
  error: { code: "UNAUTHENTICATED", message: "Authentication required" },
};
const me = (instance: Requester, staff: SignedIn) =>
  instance.request("/api/auth/me", { accessToken: staff.accessToken });

const server = serverForFile();

describe("sign-up", () => {
  it("creates a business with the company defaults and its user, and signs in", async () => {
    const email = uniqueEmail("Owner");
    const response = await server.request("/api/auth/sign-up", {
      json: { email: `  ${email.toUpperCase()} `.trim(), password: "s3cret-enough" },
    });
    expect(response.status).toBe(201);
    const body = await readEnvelope<SessionUser>(response);
    expect(body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        email: email.toLowerCase(),
        businessId: expect.any(String),
        businessName: "Example",
      },
    });
    expect(accessTokenOf(response)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("calldesk_refresh="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);

    if (!body.success) throw new Error("unreachable");
    const [business] = await server.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, body.data.businessId));
    expect(business).toMatchObject({
      name: "Example",
      phoneNumber: "",
      timezone: "America/New_York",
      callTransfer: {
        enabled: false,
        transferMessage: "Please hold while I transfer your call.",
        workingHoursOnly: true,
        maxWaitTime: 300,
      },
    });
    // Spec 9's hours: 09:00–17:00, Monday to Friday, as the weekly schedule.
    expect(await readWeeklySchedule(server.db, body.data.businessId)).toEqual(
      weeklyScheduleOf([1, 2, 3, 4, 5], { start: "09:00", end: "17:00" }),
    );
    // The column's default is a valid value of the schema the settings screen will edit it with.
    expect(callTransferSettings(business!.callTransfer)).not.toBeInstanceOf(type.errors);
  });

  it("names the business 'My business' for a public mail domain", async () => {
    const { user } = await signUp(server, `someone-${Date.now()}@gmail.com`);
    expect(user.businessName).toBe("My business");
  });

  it("never derives an empty business name (one no deletion could be confirmed with)", () => {
    expect(businessNameFromEmail("x@-.com")).toBe("My business");
    expect(businessNameFromEmail("x@_-_.example.com")).toBe("My business");
    expect(businessNameFromEmail("x@bright-smile.com")).toBe("Bright Smile");
  });

  it("stores only an argon2id hash with the agreed cost", async () => {
    const email = uniqueEmail();
    await signUp(server, email, "plain-text-password");
    const [row] = await server.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain("plain-text-password");
  });

  it("refuses a taken email, whatever its case, with 409 and writes nothing", async () => {
    const email = uniqueEmail();
    await signUp(server, email);
    const before = await server.db.$count(businesses);
    const response = await server.request("/api/auth/sign-up", {
      json: { email: email.toUpperCase(), password: "another-password" },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "EMAIL_TAKEN", message: "An account with this email already exists" },
    });
    expect(await server.db.$count(businesses)).toBe(before);
  });

  it("refuses a password shorter than 8 or longer than 128 characters", async () => {
    for (const password of ["short", "x".repeat(129)]) {
      const response = await server.request("/api/auth/sign-up", {
        json: { email: uniqueEmail(), password },
      });
      expect(response.status).toBe(400);
      const body = await readEnvelope(response);
      expect(body.success || body.error.message).toMatch(/^password must be/);
    }
  });
});

describe("sign-in", () => {
  it("returns the user, an access token and a refresh cookie", async () => {
    const email = uniqueEmail();
    const created = await signUp(server, email, "good password");
    const response = await server.request("/api/auth/sign-in", {
      json: { email: email.toUpperCase(), password: "good password" },
    });
    expect(response.status).toBe(200);
    expect(await readEnvelope(response)).toEqual({ success: true, data: created.user });
    expect(accessTokenOf(response)).toBeTruthy();
    expect(refreshCookieOf(response)).toMatch(/^[\w-]{43}$/);
  });

  it("answers an unknown email and a wrong password identically", async () => {
    const email = uniqueEmail();
    await signUp(server, email, "good password");
    const wrong = await server.request("/api/auth/sign-in", { json: { email, password: "bad password" } });
    const unknown = await server.request("/api/auth/sign-in", {
      json: { email: uniqueEmail("nobody"), password: "bad password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = {
      success: false,
      error: { code: "INVALID_CREDENTIALS", message: "Invalid email or password" },
    };
    expect(await wrong.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
    expect(refreshCookieOf(wrong)).toBeUndefined();
    expect(accessTokenOf(wrong)).toBeUndefined();
  });
});

describe("access token", () => {
  it("admits /api/auth/me until it expires on the app's clock, at most 15 minutes", async () => {
    const { user, accessToken } = await signUp(server);
    const [, payload] = accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const [family] = await server.db
      .select()
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.userId, user.id));
    // The session it was issued in, which must stay live for it to work.
    expect(claims).toMatchObject({ sub: user.id, bid: user.businessId, sid: family!.id });
    expect(claims.exp - claims.iat).toBe(900);
    expect(claims.iat).toBe(Math.floor(server.clock().getTime() / 1000));

    const me = await server.request("/api/auth/me", { accessToken });
    expect(await readEnvelope(me)).toEqual({ success: true, data: user });

    server.clock.advance(15 * MINUTE - SECOND);
    expect((await server.request("/api/auth/me", { accessToken })).status).toBe(200);
    server.clock.advance(SECOND);
    const expired = await server.request("/api/auth/me", { accessToken });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      success: false,
      error: { code: "UNAUTHENTICATED", message: "Authentication required" },
    });
  });

  it("refuses a missing, malformed or forged token", async () => {
    const { accessToken } = await signUp(server);
    const [header, payload] = accessToken.split(".");
    const forged = `${header}.${payload}.${Buffer.from("not the signature").toString("base64url")}`;
    for (const authorization of [undefined, "Bearer", "Basic abc", `Bearer ${forged}`, "Bearer x.y.z"]) {
      const response = await server.request("/api/auth/me", {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, String(authorization)).toBe(401);
    }
  });
});

describe("sign-out", () => {
  it("revokes the family of the cookie and clears it; refresh then fails", async () => {
    const { refreshCookie } = await signUp(server);
    const response = await server.request("/api/auth/sign-out", { method: "POST", refreshCookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: null });
    expect(refreshCookieOf(response)).toBe("");
    expect(response.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
    expect((await refresh(server, refreshCookie)).status).toBe(401);
    // The browser dropped the cleared cookie: its next start-up refresh finds no session, which is no error.
    const next = await server.request("/api/auth/refresh", { method: "POST" });
    expect(next.status).toBe(200);
    expect(await next.json()).toEqual({ success: true, data: null });
  });

  it("succeeds without a cookie or with an unknown one", async () => {
    expect((await server.request("/api/auth/sign-out", { method: "POST" })).status).toBe(200);
    const unknown = await server.request("/api/auth/sign-out", { method: "POST", refreshCookie: "nonsense" });
    expect(unknown.status).toBe(200);
  });

  it("does not end the user's other sessions", async () => {
    const email = uniqueEmail();
    const first = await signUp(server, email, "good password");
    const second = await signIn(server, email, "good password");
    await server.request("/api/auth/sign-out", { method: "POST", refreshCookie: first.refreshCookie });
    expect((await refresh(server, second.refreshCookie)).status).toBe(200);
  });

  it("ends the session's access token at once, on every instance; the user's other sessions keep theirs", async () => {
    const email = uniqueEmail();
    const first = await signUp(server, email, "good password");
    const second = await signIn(server, email, "good password");
    await withApp(server, {}, async (url) => {
      const other = { request: requestTo(url) };
      expect((await me(other, first)).status).toBe(200);
      await server.request("/api/auth/sign-out", { method: "POST", refreshCookie: first.refreshCookie });
      for (const instance of [server, other]) {
        const refused = await me(instance, first);
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual(UNAUTHENTICATED);
        const write = await instance.request("/api/services", {
          json: { name: "Cleaning", duration: 30, price: 45, isActive: true },
          accessToken: first.accessToken,
        });
        expect(write.status).toBe(401);
        expect((await me(instance, second)).status).toBe(200);
      }
    });
  });

  it("ends the access tokens of a removed user at once", async () => {
    const staff = await signUp(server);
    await server.db.delete(users).where(eq(users.id, staff.user.id));
    expect((await me(server, staff)).status).toBe(401);
  });
});

describe("sign-out everywhere", () => {
  /** A second staff member of the business (the portal has no team screen yet: written as sign-up would). */
  async function colleagueOf(staff: SignedIn): Promise<SignedIn> {
    const email = uniqueEmail("colleague");
    await insertUser(server.db, staff.user.businessId, {
      email,
      passwordHash: await hashPassword("good password"),
    });
    return signIn(server, email, "good password");
  }

  it("ends every session of the user at once, on every instance, and no one else's", async () => {
    const email = uniqueEmail();
    const sessions = [await signUp(server, email, "good password")];
    for (let i = 0; i < 2; i++) sessions.push(await signIn(server, email, "good password"));
    const [here, ...elsewhere] = sessions as [SignedIn, ...SignedIn[]];
    const colleague = await colleagueOf(here);
    const stranger = await signUp(server);

    await withApp(server, {}, async (url) => {
      const other = { request: requestTo(url) };
      for (const session of sessions) expect((await me(other, session)).status).toBe(200);

      const response = await server.request("/api/auth/sign-out-everywhere", {
        method: "POST",
        accessToken: here.accessToken,
        refreshCookie: here.refreshCookie,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, data: null });
      expect(refreshCookieOf(response)).toBe("");

      for (const instance of [server, other])
        for (const session of sessions) {
          const refused = await me(instance, session);
          expect(refused.status).toBe(401);
          expect(await refused.json()).toEqual(UNAUTHENTICATED);
        }
      for (const session of [here, ...elsewhere])
        expect((await refresh(other, session.refreshCookie)).status).toBe(401);
      for (const survivor of [colleague, stranger]) {
        expect((await me(other, survivor)).status).toBe(200);
        expect((await refresh(other, survivor.refreshCookie)).status).toBe(200);
      }
    });

    const { data } = await dataOf<AuditList>(
      await server.request("/api/audit", { accessToken: colleague.accessToken }),
    );
    expect(data[0]).toMatchObject({
      action: "session.signed_out_everywhere",
      actor: { kind: "user", email: email.toLowerCase() },
    });
    const families = await server.db
      .select({ reason: refreshTokenFamilies.revokedReason })
      .from(refreshTokenFamilies)
      .where(and(eq(refreshTokenFamilies.userId, here.user.id)));
    expect(families).toEqual(sessions.map(() => ({ reason: "sign-out-everywhere" })));

    // Signing in again starts a session that works.
    expect((await me(server, await signIn(server, email, "good password"))).status).toBe(200);
  });

  it("is for signed-in staff only", async () => {
    const response = await server.request("/api/auth/sign-out-everywhere", { method: "POST" });
    expect(response.status).toBe(401);
  });
});
