import {
  type CalendarPermission,
  type CalendarRefusal,
  type CalendarStatus,
  calendarBusyList,
  calendarBusyQuery,
  calendarConnect,
  calendarStatus,
} from "@shared/calendar.schema";
import { type } from "arktype";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { sessionIsLive } from "../auth/refresh-tokens.repo";
import { DEFAULT_GOOGLE_OAUTH, type GoogleConfig } from "../config";
import type { Executor } from "../db/database";
import type { CalendarConnectionRow } from "../db/schema/calendar.schema";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps, AppEnv } from "../http/app-env";
import { isHttps, requestOrigin } from "../http/request-info";
import { ok } from "../http/respond";
import { Refusal } from "../refusal";
import { calendarConnectExample, calendarStatusExample } from "./calendar.examples";
import { insertCalendarAuthorization, takeCalendarAuthorization } from "./calendar-authorization.repo";
import {
  connectCalendar,
  deleteCalendarConnection,
  findCalendarConnection,
} from "./calendar-connection.repo";
import { readCalendarBusy } from "./calendar-sync.repo";
import { type ChannelStopping, stopRemovedChannel } from "./calendar-watch";
import { type CallbackOutcome, callbackPage } from "./callback-page";
import {
  authorizationUrl,
  CALENDAR_SCOPES,
  emailOfIdToken,
  exchangeCode,
  GoogleOAuthError,
  missingPermissions,
} from "./google-oauth";
import { createGrantRevocation } from "./grant-revocation";
import { newAuthorizationSecrets, stateHashOf } from "./pkce";
import { createTokenCipher } from "./token-cipher";

/** How long the popup has to come back through Google (spec 9 gives the portal 5 minutes; some slack). */
export const AUTHORIZATION_TTL_MS = 10 * 60_000;
export const CALLBACK_PATH = "/api/calendar/callback";

/** Spec 8's words, which the portal shows as they are. */
export const CANCELLED = "Authorization cancelled by user";
export const FAILED = "Authorization failed";
export const STALE = "This authorization expired or was already used. Please try again";
export const OTHER_BROWSER =
  "This authorization was started in another browser. Please try again from Settings";
export const UNREACHABLE = "Google could not be reached. Please try again in a moment";
export const NO_OFFLINE_ACCESS = "Google did not grant offline access. Please try again";
export const missingPermissionMessage = (missing: readonly CalendarPermission[]) => {
  const permissions = CALENDAR_SCOPES.filter((s) => missing.includes(s.key)).map((s) => s.permission);
  return `CallDesk needs permission to ${permissions.join(" and ")}. Please connect again and allow every permission asked`;
};

/** The longest range GET /busy answers: a month view with the weeks around it. */
const BUSY_RANGE_DAYS_MAX = 62;

/** Said by every calendar route on a server without Google OAuth credentials. */
export const NOT_CONFIGURED =
  "Google Calendar is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET";

/**
 * Binds an authorization to the browser that started it (RFC 9700, 4.7.1): the state goes back to the
 * callback in a cookie as well, so a link to Google made in one browser cannot connect a calendar through
 * another (someone's own Google account to another business). Lax: it must ride Google's redirect.
 */
const STATE_COOKIE = "calldesk_calendar_state";
const stateCookie = (secure: boolean) =>
  ({ httpOnly: true, sameSite: "Lax", path: CALLBACK_PATH, secure }) as const;

/** What Google adds to the redirect: code and state, or error; other parameters (scope, authuser…) unread. */
const callbackQuery = type({ "code?": "string", "state?": "string", "error?": "string" });

async function statusOf(db: Executor, businessId: string, configured: boolean): Promise<CalendarStatus> {
  const connection = await findCalendarConnection(db, businessId);
  return {
    configured,
    connected: connection !== null,
    email: connection?.email ?? null,
    connectedAt: connection?.connectedAt.toISOString() ?? null,
    brokenAt: connection?.brokenAt?.toISOString() ?? null,
    brokenReason: connection?.brokenReason ?? null,
    lastCheckedAt: connection?.lastCheckedAt?.toISOString() ?? null,
  };
}

/** The English each refusal carries as spec 7's `error`, beside its reason (the portal words the reason). */
const REFUSAL_TEXT: Record<Exclude<CalendarRefusal, "missingPermissions">, string> = {
  cancelled: CANCELLED,
  failed: FAILED,
  stale: STALE,
  otherBrowser: OTHER_BROWSER,
  unreachable: UNREACHABLE,
  noOfflineAccess: NO_OFFLINE_ACCESS,
  notConfigured: NOT_CONFIGURED,
};

const failed = (reason: keyof typeof REFUSAL_TEXT): CallbackOutcome => ({
  success: false,
  error: REFUSAL_TEXT[reason],
  reason,
});
const notPermitted = (missing: CalendarPermission[]): CallbackOutcome => ({
  success: false,
  error: missingPermissionMessage(missing),
  reason: "missingPermissions",
  missing,
});

/**
 * The business's Google Calendar connection (spec 3 "Calendar status", spec 7 "Calendar"): status, the
 * popup's authorization URL, Google's callback, and disconnect. The events calls live with the sync.
 */
export function calendarRoutes(
  deps: Pick<AppDeps, "db" | "clock" | "logger" | "config">,
  guards: RouteGuards,
  /** The Calendar API, to stop a removed connection's push channel (null: Google not configured). */
  channels: ChannelStopping | null,
) {
  const { db, clock, logger, config } = deps;
  const google = config.google;
  const cipher = createTokenCipher(config.calendarTokenKey);
  const router = new ApiRouter("/api/calendar", guards);
  const businessOf = (c: Context<AppEnv>) => c.get("auth").businessId;
  const secure = (c: Context) => isHttps(c, config.trustProxy);
  // Google sends the popup back here; it must be the portal's own origin (the page posts to it).
  const portalOrigin = (c: Context) => config.appOrigin ?? requestOrigin(c, config.trustProxy);
  const redirectUri = (c: Context) => `${config.publicUrl ?? portalOrigin(c)}${CALLBACK_PATH}`;

  const { revoke, revokeStored } = createGrantRevocation(deps, cipher);
  /** A removed connection's channel stopped, then its grant revoked (stopping needs the grant). */
  const endRemoved = async (row: CalendarConnectionRow, revokeUrl: string, why: string) => {
    if (channels) await stopRemovedChannel(channels, logger, row);
    await revokeStored(revokeUrl, row.refreshToken, why);
  };

  router.add(
    {
      method: "get",
      path: "/status",
      summary: "Whether the business has a Google Calendar connected, as which account, and whether it works",
      auth: "user",
      response: calendarStatus,
      examples: { response: calendarStatusExample },
      errors: [],
    },
    async (c) => ok(c, await statusOf(db, businessOf(c), google !== null)),
  );

  router.add(
    {
      method: "get",
      path: "/busy",
      summary: "The connected calendar's busy times in [from, to) that are not our bookings, as last read",
      description:
        "What the slot engine keeps free of offers, from the last check of Google (see lastCheckedAt on " +
        `/status); none without a connected calendar. At most ${BUSY_RANGE_DAYS_MAX} days at once.`,
      auth: "user",
      query: calendarBusyQuery,
      response: calendarBusyList,
      examples: {
        query: { from: "2026-03-02T00:00:00Z", to: "2026-03-09T00:00:00Z" },
        response: [{ start: "2026-03-03T14:00:00.000Z", end: "2026-03-03T15:00:00.000Z" }],
      },
      errors: [],
    },
    async (c, { query }) => {
      const from = new Date(query.from);
      const to = new Date(query.to);
      if (to <= from) throw new Refusal("VALIDATION", "to must be after from", { field: "to" });
      if (to.getTime() - from.getTime() > BUSY_RANGE_DAYS_MAX * 86_400_000)
        throw new Refusal("VALIDATION", `from and to must be at most ${BUSY_RANGE_DAYS_MAX} days apart`, {
          field: "to",
        });
      const busy = await readCalendarBusy(db, { businessId: businessOf(c), from, to });
      return ok(
        c,
        busy.map((b) => ({ start: b.start.toISOString(), end: b.end.toISOString() })),
      );
    },
  );

  router.add(
    {
      method: "get",
      path: "/connect",
      summary: "Where the connect popup goes: Google's consent page for this business's calendar",
      description:
        `Authorization code flow with a one-time state and PKCE (S256), offline access, consent shown; ` +
        `good for ${AUTHORIZATION_TTL_MS / 60_000} minutes, in this browser only (a cookie binds it). ` +
        "503 when the server has no Google OAuth client configured.",
      auth: "user",
      response: calendarConnect,
      examples: { response: calendarConnectExample },
      errors: ["UNAVAILABLE"],
    },
    async (c) => {
      if (!google) throw new Refusal("UNAVAILABLE", NOT_CONFIGURED);
      const { state, codeVerifier, codeChallenge } = newAuthorizationSecrets();
      const now = clock();
      const { businessId, userId, sessionId } = c.get("auth");
      await insertCalendarAuthorization(
        db,
        {
          stateHash: stateHashOf(state),
          businessId,
          userId,
          sessionId,
          codeVerifier,
          expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
        },
        now,
      );
      setCookie(c, STATE_COOKIE, state, { ...stateCookie(secure(c)), maxAge: AUTHORIZATION_TTL_MS / 1000 });
      return ok(c, {
        authUrl: authorizationUrl(google, { redirectUri: redirectUri(c), state, codeChallenge }),
      });
    },
  );

  /** Google's code for this authorization, as a connected calendar; every refusal as spec 8 words it. */
  const finish = async (
    c: Context,
    google: GoogleConfig,
    code: string,
    codeVerifier: string,
    { businessId, userId }: { businessId: string; userId: string },
  ) => {
    let tokens: Awaited<ReturnType<typeof exchangeCode>>;
    try {
      tokens = await exchangeCode(google, { code, codeVerifier, redirectUri: redirectUri(c) });
    } catch (error) {
      if (!(error instanceof GoogleOAuthError)) throw error;
      logger.warn(`Google refused the calendar code of business ${businessId}: ${error.message}`);
      return failed(error.unavailable ? "unreachable" : "failed");
    }
    const dropGrant = () => revoke(google.revokeUrl, tokens.refresh_token ?? tokens.access_token, "refused");
    const missing = missingPermissions(tokens.scope);
    if (missing.length > 0) {
      await dropGrant();
      return notPermitted(missing);
    }
    if (!tokens.refresh_token) {
      await dropGrant();
      return failed("noOfflineAccess");
    }
    const email = tokens.id_token ? emailOfIdToken(tokens.id_token) : null;
    if (!email) {
      logger.warn(`Google sent no e-mail with the calendar grant of business ${businessId}`);
      await dropGrant();
      return failed("failed");
    }
    const now = clock();
    const replaced = await connectCalendar(db, {
      businessId,
      userId,
      email,
      scopes: tokens.scope ?? "",
      refreshToken: cipher.encrypt(tokens.refresh_token),
      accessToken: cipher.encrypt(tokens.access_token),
      accessTokenExpiresAt: new Date(now.getTime() + tokens.expires_in * 1000),
      now,
    });
    if (replaced) await endRemoved(replaced, google.revokeUrl, "another account connected");
    return { success: true } as const;
  };

  router.add(
    {
      method: "get",
      path: "/callback",
      summary: "Google's redirect back into the popup: finishes the connect and tells the portal",
      description:
        "Query: `code` and `state`, or `error` (`access_denied` when the user cancelled). No session: the " +
        "state names the business, once, within its time, in the browser that started it, while the session " +
        "that started it is still signed in. Always an HTML page that posts " +
        `{type: "CALENDAR_CONNECTED", success, error} to the portal's window and on the ` +
        "BroadcastChannel, then closes itself; a permission left unticked is refused by name, nothing stored.",
      response: null,
      page: true,
      errors: [],
    },
    async (c) => {
      const query = callbackQuery(c.req.query());
      const params = query instanceof type.errors ? {} : query;
      const boundState = getCookie(c, STATE_COOKIE);
      deleteCookie(c, STATE_COOKIE, stateCookie(secure(c)));
      let outcome: CallbackOutcome;
      try {
        const now = clock();
        const authorization = params.state
          ? await takeCalendarAuthorization(db, stateHashOf(params.state), now)
          : null;
        if (params.error) outcome = failed(params.error === "access_denied" ? "cancelled" : "failed");
        else if (!authorization) outcome = failed(params.state ? "stale" : "failed");
        else if (boundState !== params.state) outcome = failed("otherBrowser");
        // Signed out since (here, everywhere, or revoked for a replayed token): the browser may be someone
        // else's now. Sign-out deletes the session's authorizations too; this also covers a connect begun
        // while a sign-out was committing. Before the code is exchanged, so no tokens are issued.
        else if (!(await sessionIsLive(db, authorization, now))) outcome = failed("stale");
        else if (!google) outcome = failed("notConfigured");
        else if (!params.code) outcome = failed("failed");
        else outcome = await finish(c, google, params.code, authorization.codeVerifier, authorization);
      } catch (error) {
        logger.error("The calendar callback failed", error);
        outcome = failed("failed");
      }
      return callbackPage(c, outcome, portalOrigin(c));
    },
  );

  router.add(
    {
      method: "post",
      path: "/disconnect",
      summary: "Disconnect the business's Google Calendar: access revoked at Google, our copy deleted",
      description:
        "Its push channel is stopped and its access revoked, best effort: Google unreachable is logged and " +
        "the connection is deleted all the same. 200 when nothing was connected.",
      auth: "user",
      response: calendarStatus,
      examples: {
        response: {
          ...calendarStatusExample,
          connected: false,
          email: null,
          connectedAt: null,
          lastCheckedAt: null,
        },
      },
      errors: [],
    },
    async (c) => {
      const { businessId, userId } = c.get("auth");
      const deleted = await deleteCalendarConnection(db, { businessId, userId, now: clock() });
      // Revoking needs no client credentials: a server that lost them still ends the grant.
      const revokeUrl = google?.revokeUrl ?? DEFAULT_GOOGLE_OAUTH.revokeUrl;
      if (deleted) await endRemoved(deleted, revokeUrl, "disconnected");
      return ok(c, await statusOf(db, businessId, google !== null));
    },
  );

  return router;
}
