import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCalendarAccess, REVOKED_REASON } from "../../src/server/calendar/calendar-access.repo";
import { createCalendarApi } from "../../src/server/calendar/calendar-api";
import { GoogleOAuthError } from "../../src/server/calendar/google-oauth";
import { createTokenCipher } from "../../src/server/calendar/token-cipher";
import { loadConfig } from "../../src/server/config";
import { calendarConnections } from "../../src/server/db/schema/calendar.schema";
import { createLogger } from "../../src/server/logger";
import { startFakeGoogleCalendar } from "../support/fake-google-calendar";
import { type FakeGoogleOAuth, startFakeGoogleOAuth } from "../support/fake-google-oauth";
import { type SignedIn, signUp } from "../support/server-accounts";
import { dataOf } from "../support/server-calls";
import { MINUTE, SECOND } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";

const TOKEN_KEY = randomBytes(32);
const cipher = createTokenCipher(TOKEN_KEY);
const TOKEN_SECONDS = 3600;

describe("calendar access (the fake OAuth server)", () => {
  let fake: FakeGoogleOAuth;
  let server: TestServer;
  const access = () =>
    createCalendarAccess({
      db: server.db,
      clock: server.clock,
      google: loadConfig(fake.env).google!,
      cipher,
      logger: createLogger("silent"),
    });

  beforeAll(async () => {
    fake = await startFakeGoogleOAuth({ accessTokenSeconds: TOKEN_SECONDS });
    server = await startTestServer({ env: { ...fake.env, CALENDAR_TOKEN_KEY: TOKEN_KEY.toString("hex") } });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  /** Connects the staff's business's calendar to `email` through the popup flow. */
  async function connect(staff: SignedIn, email: string) {
    const response = await server.request("/api/calendar/connect", { accessToken: staff.accessToken });
    const { authUrl } = await dataOf<{ authUrl: string }>(response);
    const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
    const page = await fetch(await fake.authorize(authUrl, { email }), { headers: { cookie } });
    expect(await page.text()).toContain('"success":true');
  }

  /** Connects a new business's calendar; answers its staff and business. */
  async function connected(email = "owner@example.com"): Promise<{ staff: SignedIn; businessId: string }> {
    const staff = await signUp(server);
    await connect(staff, email);
    return { staff, businessId: staff.user.businessId };
  }

  const row = async (businessId: string) =>
    (
      await server.db.select().from(calendarConnections).where(eq(calendarConnections.businessId, businessId))
    )[0]!;
  const refreshes = () => fake.tokenRequests.filter((r) => r.grant_type === "refresh_token").length;

  it("gives a removed connection's grant for its last calls: the stored token, else a refreshed one, storing nothing", async () => {
    const { businessId } = await connected();
    const grant = fake.grants.at(-1)!;
    const removed = await row(businessId);
    await server.db.delete(calendarConnections).where(eq(calendarConnections.businessId, businessId));
    const calendar = access();
    expect(await calendar.grantOfRemoved(removed)).toEqual({
      accessToken: grant.accessTokens[0],
      calendarId: "primary",
    });
    server.clock.advance(TOKEN_SECONDS * SECOND);
    const refreshed = await calendar.grantOfRemoved(removed);
    expect(refreshed.accessToken).toBe(grant.accessTokens.at(-1));
    expect(refreshed.accessToken).not.toBe(grant.accessTokens[0]);
    expect(await calendar.grantFor(businessId)).toBeNull();
  });

  it("answers the stored token while it has over a minute left, then refreshes it once and stores it encrypted", async () => {
    const { businessId } = await connected();
    const grant = fake.grants.at(-1)!;
    const calendar = access();
    const before = refreshes();
    expect(await calendar.grantFor(businessId)).toEqual({
      accessToken: grant.accessTokens[0],
      calendarId: "primary",
    });

    server.clock.advance(TOKEN_SECONDS * SECOND - MINUTE - SECOND);
    expect((await calendar.grantFor(businessId))?.accessToken).toBe(grant.accessTokens[0]);
    expect(refreshes()).toBe(before);

    // Within a minute of expiry: concurrent callers share one refresh.
    server.clock.advance(2 * SECOND);
    const [one, two] = await Promise.all([calendar.grantFor(businessId), calendar.grantFor(businessId)]);
    expect(refreshes()).toBe(before + 1);
    expect(one).toEqual({ accessToken: grant.accessTokens[1], calendarId: "primary" });
    expect(two).toEqual(one);
    const stored = await row(businessId);
    expect(stored.accessToken).not.toContain(grant.accessTokens[1]!);
    expect(cipher.decrypt(stored.accessToken!)).toBe(grant.accessTokens[1]);
    expect(stored.accessTokenExpiresAt).toEqual(new Date(server.clock().getTime() + TOKEN_SECONDS * SECOND));
    expect(cipher.decrypt(stored.refreshToken)).toBe(grant.refreshToken);
  });

  it("keeps one token when two instances refresh at once: the later store yields to the first", async () => {
    const { businessId } = await connected();
    const grant = fake.grants.at(-1)!;
    server.clock.advance(TOKEN_SECONDS * SECOND);
    const [first, second] = await Promise.all([access().grantFor(businessId), access().grantFor(businessId)]);
    const stored = cipher.decrypt((await row(businessId)).accessToken!);
    expect(grant.accessTokens.slice(1)).toContain(stored);
    expect(first?.accessToken).toBe(stored);
    expect(second?.accessToken).toBe(stored);
  });

  it("marks the connection broken on invalid_grant and answers null from then on, without asking Google again", async () => {
    const { businessId } = await connected("revoker@example.com");
    fake.revokeAccess("revoker@example.com");
    server.clock.advance(TOKEN_SECONDS * SECOND);
    const calendar = access();
    expect(await calendar.grantFor(businessId)).toBeNull();
    const brokenAt = server.clock();
    expect(await row(businessId)).toMatchObject({ brokenAt, brokenReason: REVOKED_REASON });
    const asked = refreshes();
    server.clock.advance(MINUTE);
    expect(await calendar.grantFor(businessId)).toBeNull();
    expect(refreshes()).toBe(asked);
    // The first time and reason stay.
    await calendar.markBroken(businessId, "calendar deleted", (await row(businessId)).connectedAt);
    expect(await row(businessId)).toMatchObject({
      brokenAt: new Date(brokenAt),
      brokenReason: REVOKED_REASON,
    });
  });

  it("refreshes a token Google refuses (401) before its stored expiry, and calls again with the new one", async () => {
    const { businessId } = await connected("early@example.com");
    const grant = fake.grants.at(-1)!;
    const calendar = await startFakeGoogleCalendar();
    try {
      const api = createCalendarApi({ baseUrl: calendar.url, access: access() });
      // An hour left on it, but Google no longer takes it.
      calendar.refuseToken(grant.accessTokens[0]!);
      const before = refreshes();
      const event = await api.insertEvent(businessId, {
        summary: "Dentist",
        start: { dateTime: "2026-03-03T15:00:00Z" },
        end: { dateTime: "2026-03-03T16:00:00Z" },
      });
      expect(event).toMatchObject({ summary: "Dentist" });
      expect(refreshes()).toBe(before + 1);
      expect(cipher.decrypt((await row(businessId)).accessToken!)).toBe(grant.accessTokens[1]);
      expect(calendar.calls().filter((c) => c.method === "POST")).toHaveLength(2);
    } finally {
      await calendar.close();
    }
  });

  it("throws while Google is unreachable, leaving the connection whole", async () => {
    const { businessId } = await connected();
    server.clock.advance(TOKEN_SECONDS * SECOND);
    fake.outage(true);
    try {
      await expect(access().grantFor(businessId)).rejects.toBeInstanceOf(GoogleOAuthError);
    } finally {
      fake.outage(false);
    }
    expect((await row(businessId)).brokenAt).toBeNull();
    expect(await access().grantFor(businessId)).not.toBeNull();
  });

  it("marks a connection broken for the sync (revoked access, deleted calendar), and answers null for one never connected", async () => {
    const { businessId } = await connected();
    const calendar = access();
    await calendar.markBroken(
      businessId,
      "The calendar was deleted in Google",
      (await row(businessId)).connectedAt,
    );
    expect(await row(businessId)).toMatchObject({
      brokenAt: server.clock(),
      brokenReason: "The calendar was deleted in Google",
    });
    expect(await calendar.grantFor(businessId)).toBeNull();
    const stranger = await signUp(server);
    expect(await calendar.grantFor(stranger.user.businessId)).toBeNull();
  });

  it("marks broken only the connection the refused call was made for, not a reconnect made since", async () => {
    const { staff, businessId } = await connected("reconnecting@example.com");
    const calledFor = (await row(businessId)).connectedAt;
    // While a call made with that grant waits for Google, staff connect the account again.
    server.clock.advance(MINUTE);
    await connect(staff, "reconnecting@example.com");
    await access().markBroken(businessId, "The calendar was deleted in Google", calledFor);
    expect(await row(businessId)).toMatchObject({ brokenAt: null, connectedAt: server.clock() });
    expect(await access().grantFor(businessId)).not.toBeNull();
  });
});
