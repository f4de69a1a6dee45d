import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REUSE_GRACE_MS } from "../../src/server/auth/refresh-sessions";
import { calendarAuthorizationPurgeJob } from "../../src/server/calendar/authorization-purge";
import {
  CALLBACK_PATH,
  CANCELLED,
  missingPermissionMessage,
  OTHER_BROWSER,
  STALE,
} from "../../src/server/calendar/calendar.routes";
import { CALENDAR_BACKFILL_TOPIC } from "../../src/server/calendar/calendar-connection.repo";
import { CALENDAR_SCOPES, REQUESTED_SCOPES } from "../../src/server/calendar/google-oauth";
import { stateHashOf } from "../../src/server/calendar/pkce";
import { createTokenCipher } from "../../src/server/calendar/token-cipher";
import { rawRows } from "../../src/server/db/raw-rows";
import {
  calendarAuthorizations,
  calendarBusy,
  calendarConnections,
} from "../../src/server/db/schema/calendar.schema";
import { createLogger } from "../../src/server/logger";
import {
  CALENDAR_CHANNEL,
  CALENDAR_CONNECTED,
  type CalendarConnect,
  type CalendarConnectedMessage,
  type CalendarStatus,
} from "../../src/shared/calendar.schema";
import { type FakeGoogleCalendar, startFakeGoogleCalendar } from "../support/fake-google-calendar";
import {
  type ConsentDecision,
  FAKE_GOOGLE_EMAIL,
  type FakeGoogleOAuth,
  startFakeGoogleOAuth,
} from "../support/fake-google-oauth";
import { refresh, type SignedIn, signIn, signUp, uniqueEmail } from "../support/server-accounts";
import { assistantBookingOf, bookAsAssistant, errorOf, openPractice } from "../support/server-bookings";
import { dataOf } from "../support/server-calls";
import { MINUTE } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";

const TOKEN_KEY = randomBytes(32);
const cipher = createTokenCipher(TOKEN_KEY);
const EVENTS_SCOPE = CALENDAR_SCOPES[0].scope;
const FREEBUSY_SCOPE = CALENDAR_SCOPES[1].scope;

/** What the callback page posts, and the origin it posts to (read from the page's data block). */
/** The page's data block: the message its script posts, and where it posts it. */
type PageData = { message: CalendarConnectedMessage; origin: string; channel: string };

const statusOf = (server: TestServer, staff: SignedIn) =>
  server
    .request("/api/calendar/status", { accessToken: staff.accessToken })
    .then((r) => dataOf<CalendarStatus>(r));

/** GET /connect as the portal calls it: the authUrl, and the cookie that binds it to this browser. */
async function startConnect(server: TestServer, staff: SignedIn) {
  const response = await server.request("/api/calendar/connect", { accessToken: staff.accessToken });
  expect(response.status).toBe(200);
  const { authUrl } = await dataOf<CalendarConnect>(response);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("calldesk_calendar_state="))!;
  return { authUrl, setCookie, cookie: setCookie.split(";")[0]! };
}

/** Google's redirect opened in the popup: the page, and what its script posts. */
async function openCallback(callbackUrl: string, cookie: string | null) {
  const response = await fetch(callbackUrl, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const data = /<script type="application\/json" id="result">(.*?)<\/script>/s.exec(html)?.[1];
  const { message, origin, channel } = JSON.parse(data!) as PageData;
  return { response, html, post: message, origin, channel };
}

/** The whole popup: connect, Google's consent as decided, the callback in the same browser. */
async function connectFlow(
  server: TestServer,
  fake: FakeGoogleOAuth,
  staff: SignedIn,
  decision: ConsentDecision = {},
) {
  const { authUrl, cookie } = await startConnect(server, staff);
  const callbackUrl = await fake.authorize(authUrl, decision);
  return { authUrl, cookie, callbackUrl, ...(await openCallback(callbackUrl, cookie)) };
}

/** The states (as stored, hashed) of the business's authorizations under way. */
const pendingStates = async (server: TestServer, businessId: string) =>
  (
    await server.db
      .select({ stateHash: calendarAuthorizations.stateHash })
      .from(calendarAuthorizations)
      .where(eq(calendarAuthorizations.businessId, businessId))
  ).map((row) => row.stateHash);

const stateHashOfUrl = (authUrl: string) => stateHashOf(new URL(authUrl).searchParams.get("state")!);

const connectionRow = async (server: TestServer, businessId: string) => {
  const [row] = await server.db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.businessId, businessId));
  return row ?? null;
};

describe("a server without Google credentials", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("says it is not configured and refuses connect with a message naming the variables", async () => {
    const staff = await signUp(server);
    expect(await statusOf(server, staff)).toEqual({
      configured: false,
      connected: false,
      email: null,
      connectedAt: null,
      brokenAt: null,
      brokenReason: null,
      lastCheckedAt: null,
    });
    const refused = await server.request("/api/calendar/connect", { accessToken: staff.accessToken });
    expect(refused.status).toBe(503);
    expect(await errorOf(refused)).toMatchObject({
      code: "UNAVAILABLE",
      message: expect.stringContaining("GOOGLE_CLIENT_ID"),
    });
    const disconnect = await server.request("/api/calendar/disconnect", {
      method: "POST",
      accessToken: staff.accessToken,
    });
    expect(disconnect.status).toBe(200);
  });
});

describe("with Google configured (the fake OAuth server)", () => {
  let fake: FakeGoogleOAuth;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeGoogleOAuth();
    server = await startTestServer({
      env: { ...fake.env, CALENDAR_TOKEN_KEY: TOKEN_KEY.toString("base64") },
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("sends the popup to Google with a fresh state and S256 challenge, offline access, consent and the fewest scopes", async () => {
    const staff = await signUp(server);
    const first = await startConnect(server, staff);
    const second = await startConnect(server, staff);
    const url = new URL(first.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/o/oauth2/v2/auth`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toEqual({
      client_id: fake.clientId,
      redirect_uri: `${server.url}${CALLBACK_PATH}`,
      response_type: "code",
      scope: REQUESTED_SCOPES.join(" "),
      state: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: "S256",
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
    });
    expect(q.scope!.split(" ").sort()).toEqual(["email", EVENTS_SCOPE, FREEBUSY_SCOPE, "openid"].sort());
    const again = new URL(second.authUrl).searchParams;
    expect(again.get("state")).not.toBe(q.state);
    expect(again.get("code_challenge")).not.toBe(q.code_challenge);

    // Kept server-side for whichever instance Google's redirect reaches: the state only as its hash.
    const stored = await server.db
      .select()
      .from(calendarAuthorizations)
      .where(eq(calendarAuthorizations.businessId, staff.user.businessId));
    expect(stored).toHaveLength(2);
    const mine = stored.find((row) => row.stateHash === stateHashOf(q.state!))!;
    expect(mine).toMatchObject({
      userId: staff.user.id,
      expiresAt: new Date(server.clock().getTime() + 10 * MINUTE),
    });
    expect(createHash("sha256").update(mine.codeVerifier).digest("base64url")).toBe(q.code_challenge);
    expect(JSON.stringify(stored)).not.toContain(q.state);
    // The browser that asked holds the state too, for the callback only.
    expect(first.setCookie).toBe(
      `calldesk_calendar_state=${q.state}; Max-Age=600; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax`,
    );
  });

  it("connects through the popup: the page tells the portal, status shows the account, tokens are stored encrypted", async () => {
    const staff = await signUp(server);
    const exchangesBefore = fake.tokenRequests.length;
    const flow = await connectFlow(server, fake, staff);
    expect(flow.response.status).toBe(200);
    expect(flow.post).toEqual({ type: CALENDAR_CONNECTED, success: true, error: null });
    expect(flow).toMatchObject({ origin: server.url, channel: CALENDAR_CHANNEL });
    expect(flow.html).toContain("Google Calendar is connected");

    // The page's one script runs by its hash, nothing else does; the popup keeps its opener.
    const csp = flow.response.headers.get("content-security-policy")!;
    const script = /<script>(.*?)<\/script>/s.exec(flow.html)![1]!;
    const hash = createHash("sha256").update(script).digest("base64");
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("default-src 'none'");
    expect(flow.response.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    expect(flow.response.headers.get("cache-control")).toBe("no-store");

    // The code went to Google once, with the verifier and the same redirect_uri.
    const exchange = fake.tokenRequests.slice(exchangesBefore);
    expect(exchange).toEqual([
      expect.objectContaining({
        grant_type: "authorization_code",
        redirect_uri: `${server.url}${CALLBACK_PATH}`,
        code_verifier: expect.stringMatching(/^[\w-]{43}$/),
      }),
    ]);

    expect(await statusOf(server, staff)).toEqual({
      configured: true,
      connected: true,
      email: FAKE_GOOGLE_EMAIL,
      connectedAt: server.clock().toISOString(),
      brokenAt: null,
      brokenReason: null,
      lastCheckedAt: null,
    });
    const grant = fake.grants.at(-1)!;
    const [raw] = await rawRows<Record<string, unknown>>(
      server.db,
      sql`select * from calendar_connections where business_id = ${staff.user.businessId}::uuid`,
    );
    const rawText = JSON.stringify(raw);
    expect(rawText).not.toContain(grant.refreshToken);
    expect(rawText).not.toContain(grant.accessTokens[0]!);
    expect(cipher.decrypt(raw!.refresh_token as string)).toBe(grant.refreshToken);
    expect(cipher.decrypt(raw!.access_token as string)).toBe(grant.accessTokens[0]);
    expect(raw).toMatchObject({ email: FAKE_GOOGLE_EMAIL, calendar_id: "primary" });
    expect(String(raw!.scopes).split(" ")).toEqual(expect.arrayContaining([EVENTS_SCOPE, FREEBUSY_SCOPE]));
    // The authorization was used up.
    expect(
      await server.db
        .select()
        .from(calendarAuthorizations)
        .where(eq(calendarAuthorizations.businessId, staff.user.businessId)),
    ).toEqual([]);
  });

  it("refuses a state used before, and one that expired, without asking Google", async () => {
    const staff = await signUp(server);
    const flow = await connectFlow(server, fake, staff);
    expect(flow.post.success).toBe(true);
    const exchanges = fake.tokenRequests.length;
    const replay = await openCallback(flow.callbackUrl, flow.cookie);
    expect(replay.post).toMatchObject({ success: false, error: STALE, reason: "stale" });

    const other = await signUp(server);
    const late = await startConnect(server, other);
    const callbackUrl = await fake.authorize(late.authUrl, {});
    server.clock.advance(10 * MINUTE + 1);
    const expired = await openCallback(callbackUrl, late.cookie);
    expect(expired.post).toMatchObject({ success: false, error: STALE });
    expect(fake.tokenRequests.length).toBe(exchanges);
    expect((await statusOf(server, other)).connected).toBe(false);
  });

  it("connects only the business that started it, in the browser that started it", async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const started = await startConnect(server, a);
    const callbackUrl = await fake.authorize(started.authUrl, { email: "a@example.com" });
    // B's browser (its own binding cookie, or none) cannot finish A's authorization.
    const bStarted = await startConnect(server, b);
    const stolen = await openCallback(callbackUrl, bStarted.cookie);
    expect(stolen.post).toMatchObject({ success: false, error: OTHER_BROWSER, reason: "otherBrowser" });
    expect((await statusOf(server, a)).connected).toBe(false);
    expect((await statusOf(server, b)).connected).toBe(false);

    // A's own flow connects A, and only A; B's disconnect leaves A's calendar alone.
    expect((await connectFlow(server, fake, a, { email: "a@example.com" })).post.success).toBe(true);
    expect(await statusOf(server, a)).toMatchObject({ connected: true, email: "a@example.com" });
    expect(await statusOf(server, b)).toMatchObject({ connected: false, email: null });
    await server.request("/api/calendar/disconnect", { method: "POST", accessToken: b.accessToken });
    expect((await statusOf(server, a)).connected).toBe(true);
  });

  it("drops a connect at the sign-out of the session that began it, and refuses its callback; other sessions keep theirs", async () => {
    const email = uniqueEmail();
    const staff = await signUp(server, email);
    const other = await signIn(server, email, "correct horse");
    const left = await startConnect(server, staff);
    const kept = await startConnect(server, other);
    const callbackUrl = await fake.authorize(left.authUrl, {});
    const exchanges = fake.tokenRequests.length;
    await server.request("/api/auth/sign-out", { method: "POST", refreshCookie: staff.refreshCookie });
    expect(await pendingStates(server, staff.user.businessId)).toEqual([stateHashOfUrl(kept.authUrl)]);

    // Whoever holds the signed-out browser cannot finish it: refused before Google is asked for tokens.
    const late = await openCallback(callbackUrl, left.cookie);
    expect(late.post).toMatchObject({ success: false, error: STALE });
    expect(fake.tokenRequests.length).toBe(exchanges);
    expect((await statusOf(server, other)).connected).toBe(false);

    const keptCallback = await fake.authorize(kept.authUrl, {});
    expect((await openCallback(keptCallback, kept.cookie)).post.success).toBe(true);
  });

  it("refuses the callback of a connect whose session was revoked since, for a replayed refresh token", async () => {
    const staff = await signUp(server);
    const started = await startConnect(server, staff);
    const callbackUrl = await fake.authorize(started.authUrl, {});
    expect((await refresh(server, staff.refreshCookie)).status).toBe(200);
    server.clock.advance(REUSE_GRACE_MS);
    expect((await refresh(server, staff.refreshCookie)).status).toBe(401);
    // The authorization is still stored (only sign-outs delete them): the callback itself refuses it.
    expect(await pendingStates(server, staff.user.businessId)).toEqual([stateHashOfUrl(started.authUrl)]);
    const exchanges = fake.tokenRequests.length;
    const late = await openCallback(callbackUrl, started.cookie);
    expect(late.post).toMatchObject({ success: false, error: STALE });
    expect(fake.tokenRequests.length).toBe(exchanges);
    expect(await connectionRow(server, staff.user.businessId)).toBeNull();
  });

  it("drops every connect of the user at sign-out everywhere, and refuses their callbacks", async () => {
    const email = uniqueEmail();
    const staff = await signUp(server, email);
    const other = await signIn(server, email, "correct horse");
    const here = await startConnect(server, staff);
    const there = await startConnect(server, other);
    const hereCallback = await fake.authorize(here.authUrl, {});
    const thereCallback = await fake.authorize(there.authUrl, {});
    const everywhere = await server.request("/api/auth/sign-out-everywhere", {
      method: "POST",
      accessToken: staff.accessToken,
    });
    expect(everywhere.status).toBe(200);
    expect(await pendingStates(server, staff.user.businessId)).toEqual([]);

    for (const [callbackUrl, cookie] of [
      [hereCallback, here.cookie],
      [thereCallback, there.cookie],
    ] as const) {
      const late = await openCallback(callbackUrl, cookie);
      expect(late.post).toMatchObject({ success: false, error: STALE });
    }
    const again = await signIn(server, email, "correct horse");
    expect((await statusOf(server, again)).connected).toBe(false);
  });

  it("refuses a calendar permission left unticked, naming it, and stores nothing", async () => {
    const staff = await signUp(server);
    const flow = await connectFlow(server, fake, staff, { grant: [EVENTS_SCOPE] });
    expect(flow.post).toMatchObject({
      success: false,
      error: missingPermissionMessage(["freeBusy"]),
      reason: "missingPermissions",
      missing: ["freeBusy"],
    });
    expect(flow.post.error).toContain("see when your calendar is busy");
    expect(await connectionRow(server, staff.user.businessId)).toBeNull();
    // The partial grant is handed back to Google rather than kept there.
    const grant = fake.grants.at(-1)!;
    expect(fake.revocations).toContain(grant.refreshToken);
    expect(grant.revoked).toBe(true);

    const neither = await connectFlow(server, fake, staff, { grant: [] });
    expect(neither.post.error).toBe(missingPermissionMessage(["events", "freeBusy"]));
    expect(neither.post).toMatchObject({ reason: "missingPermissions", missing: ["events", "freeBusy"] });
  });

  it("says the user cancelled when Google answers access_denied, and stores nothing", async () => {
    const staff = await signUp(server);
    const flow = await connectFlow(server, fake, staff, { deny: true });
    expect(new URL(flow.callbackUrl).searchParams.get("error")).toBe("access_denied");
    expect(flow.post).toMatchObject({
      type: CALENDAR_CONNECTED,
      success: false,
      error: CANCELLED,
      reason: "cancelled",
    });
    expect(flow.html).toContain(CANCELLED);
    expect(await connectionRow(server, staff.user.businessId)).toBeNull();
  });

  it("keeps the outbox place of the same account reconnecting, and starts another account after the newest row", async () => {
    const practice = await openPractice(server);
    const { staff, businessId } = practice;
    /** The newest row of a change (the rows a fresh connection queues for its bookings come after it). */
    const newestOutboxId = async () => {
      const [row] = await rawRows<{ id: number }>(
        server.db,
        sql`select max(id)::int as id from outbox
          where business_id = ${businessId}::uuid and topic <> ${CALENDAR_BACKFILL_TOPIC}`,
      );
      return row!.id;
    };
    /** The bookings queued for the calendar past its cursor, in the order they go. */
    const queuedFor = async (cursor: number) =>
      (
        await rawRows<{ bookingId: string }>(
          server.db,
          sql`select booking_id as "bookingId" from outbox where business_id = ${businessId}::uuid
            and topic = ${CALENDAR_BACKFILL_TOPIC} and id > ${cursor} order by id`,
        )
      ).map((row) => row.bookingId);
    const first = await bookAsAssistant(server, practice, { startTime: "2026-03-03T10:00:00-05:00" });
    const firstId = (await assistantBookingOf(first)).id;
    expect((await connectFlow(server, fake, staff)).post.success).toBe(true);
    const connected = (await connectionRow(server, businessId))!;
    // At the newest change; on PostgreSQL before it while any other transaction was open at the connect (the
    // rows between, which the connect saw committed, are not sent: calendar-delivery.test.ts).
    expect(connected.deliveredThroughId).toBeLessThanOrEqual(await newestOutboxId());
    // The booking made before the calendar was connected goes to it too.
    expect(await queuedFor(await newestOutboxId())).toEqual([firstId]);

    // Broken, a booking waits in the outbox; the same account reconnects and keeps its place (and busy times).
    await server.db
      .update(calendarConnections)
      .set({ brokenAt: server.clock(), brokenReason: "revoked" })
      .where(eq(calendarConnections.businessId, businessId));
    await server.db.insert(calendarBusy).values({
      businessId,
      startsAt: new Date("2026-03-04T15:00:00Z"),
      endsAt: new Date("2026-03-04T16:00:00Z"),
    });
    const second = await bookAsAssistant(server, practice, { startTime: "2026-03-03T11:00:00-05:00" });
    const secondId = (await assistantBookingOf(second)).id;
    server.clock.advance(MINUTE);
    expect((await connectFlow(server, fake, staff)).post.success).toBe(true);
    const mended = (await connectionRow(server, businessId))!;
    expect(mended).toMatchObject({
      deliveredThroughId: connected.deliveredThroughId,
      brokenAt: null,
      brokenReason: null,
      connectedAt: server.clock(),
    });
    expect(mended.deliveredThroughId).toBeLessThan(await newestOutboxId());
    expect(
      await server.db.select().from(calendarBusy).where(eq(calendarBusy.businessId, businessId)),
    ).toHaveLength(1);
    // The same grant was renewed at Google, not revoked.
    expect(fake.revocations).not.toContain(fake.grants.at(-2)!.refreshToken);

    // Another account: after the newest row, nothing of the old calendar, the old account's grant revoked.
    const oldGrant = fake.grants.at(-1)!;
    expect((await connectFlow(server, fake, staff, { email: "other@example.com" })).post.success).toBe(true);
    const switched = (await connectionRow(server, businessId))!;
    expect(switched.email).toBe("other@example.com");
    expect(switched.deliveredThroughId).toBeLessThanOrEqual(await newestOutboxId());
    // The new account's calendar is shown the diary to come, soonest first.
    expect(await queuedFor(await newestOutboxId())).toEqual([firstId, secondId]);
    expect(
      await server.db.select().from(calendarBusy).where(eq(calendarBusy.businessId, businessId)),
    ).toEqual([]);
    expect(fake.revocations).toContain(oldGrant.refreshToken);
  });

  it("disconnects: revokes at Google and deletes our copy; Google unreachable still deletes it; nothing connected is fine", async () => {
    const staff = await signUp(server);
    const disconnect = () =>
      server.request("/api/calendar/disconnect", { method: "POST", accessToken: staff.accessToken });
    await connectFlow(server, fake, staff, { email: "leaving@example.com" });
    const grant = fake.grants.at(-1)!;
    const answer = await disconnect();
    expect(answer.status).toBe(200);
    expect(await dataOf<CalendarStatus>(answer)).toMatchObject({
      configured: true,
      connected: false,
      email: null,
    });
    expect(fake.revocations).toContain(grant.refreshToken);
    expect(grant.revoked).toBe(true);
    expect(await connectionRow(server, staff.user.businessId)).toBeNull();

    await connectFlow(server, fake, staff, { email: "leaving@example.com" });
    fake.outage(true);
    try {
      expect((await disconnect()).status).toBe(200);
    } finally {
      fake.outage(false);
    }
    expect(await connectionRow(server, staff.user.businessId)).toBeNull();
    expect((await disconnect()).status).toBe(200);
  });

  it("purges the authorizations that expired", async () => {
    const staff = await signUp(server);
    await startConnect(server, staff);
    const mine = () =>
      server.db
        .select()
        .from(calendarAuthorizations)
        .where(eq(calendarAuthorizations.businessId, staff.user.businessId));
    const job = calendarAuthorizationPurgeJob({ db: server.db, logger: createLogger("silent") });
    await job.run(new Date(server.clock().getTime() + 9 * MINUTE));
    expect(await mine()).toHaveLength(1);
    await job.run(new Date(server.clock().getTime() + 10 * MINUTE));
    expect(await mine()).toEqual([]);
  });
});

describe("with Google configured (the fake OAuth server and Calendar API)", () => {
  let fake: FakeGoogleOAuth;
  let calendarApi: FakeGoogleCalendar;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeGoogleOAuth();
    calendarApi = await startFakeGoogleCalendar();
    server = await startTestServer({
      env: {
        ...fake.env,
        GOOGLE_CALENDAR_API_BASE_URL: calendarApi.url,
        CALENDAR_TOKEN_KEY: TOKEN_KEY.toString("base64"),
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await calendarApi.close();
    await fake.close();
  });

  it("stops the push channel of a connection replaced by another account, or disconnected, with that connection's own grant", async () => {
    const staff = await signUp(server);
    const businessId = staff.user.businessId;
    /** A channel open on the connected calendar, as the hourly watch job stores it. */
    const watching = async (id: string) => {
      const accessToken = fake.grants.at(-1)!.accessTokens.at(-1)!;
      const answer = await fetch(`${calendarApi.url}/calendars/primary/events/watch`, {
        method: "POST",
        headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({ id, type: "web_hook", address: "https://portal.example.com/x", token: "t" }),
      });
      const { resourceId } = (await answer.json()) as { resourceId: string };
      await server.db
        .update(calendarConnections)
        .set({ watchChannelId: id, watchResourceId: resourceId, watchToken: "t" })
        .where(eq(calendarConnections.businessId, businessId));
      return { id, resourceId };
    };
    expect((await connectFlow(server, fake, staff, { email: "first@example.com" })).post.success).toBe(true);
    const first = await watching(`first-${businessId}`);
    expect((await connectFlow(server, fake, staff, { email: "second@example.com" })).post.success).toBe(true);
    expect(calendarApi.stopped()).toContainEqual(first);
    const second = await watching(`second-${businessId}`);
    const disconnect = await server.request("/api/calendar/disconnect", {
      method: "POST",
      accessToken: staff.accessToken,
    });
    expect(disconnect.status).toBe(200);
    expect(calendarApi.stopped()).toContainEqual(second);
  });
});
