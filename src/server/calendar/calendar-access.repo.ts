import type { Clock } from "../clock";
import type { GoogleConfig } from "../config";
import type { Database } from "../db/database";
import type { CalendarConnectionRow } from "../db/schema/calendar.schema";
import type { Logger } from "../logger";
import type { CalendarAccess, CalendarGrant } from "./calendar-access";
import { findCalendarConnection, markCalendarBroken, storeRefreshedToken } from "./calendar-connection.repo";
import { GoogleOAuthError, refreshAccessToken } from "./google-oauth";
import type { TokenCipher } from "./token-cipher";

/** An access token expiring sooner than this is refreshed first: a call to Google must not outlive it. */
export const REFRESH_AHEAD_MS = 60_000;

export const REVOKED_REASON = "Google no longer accepts our access (revoked, or the password changed)";
export const UNREADABLE_REASON = "The stored Google tokens cannot be read (was CALENDAR_TOKEN_KEY changed?)";

/**
 * Keeps each business's Google access alive for the sync worker and the events routes. A token near its
 * expiry is refreshed at Google and stored again, once at a time: within this process concurrent callers
 * share one refresh; across instances the store is a compare-and-set on the token's expiry and grant, so
 * the loser takes the winner's token (two refreshes may reach Google then, both valid, one kept).
 * `invalid_grant` marks the connection broken and answers null; Google unreachable (or refusing our client
 * itself, a configuration fault) throws a GoogleOAuthError, for the caller's backoff.
 */
export function createCalendarAccess(deps: {
  db: Database;
  clock: Clock;
  google: GoogleConfig;
  cipher: TokenCipher;
  logger: Logger;
}): CalendarAccess {
  const { db, clock, google, cipher, logger } = deps;
  const refreshing = new Map<string, Promise<CalendarGrant | null>>();

  /** The stored token, unless it expires within a minute or is the one Google just refused. */
  const fresh = (row: CalendarConnectionRow, refused?: CalendarGrant): CalendarGrant | null => {
    if (
      !row.accessToken ||
      !row.accessTokenExpiresAt ||
      row.accessTokenExpiresAt.getTime() - clock().getTime() <= REFRESH_AHEAD_MS
    )
      return null;
    const accessToken = cipher.decrypt(row.accessToken);
    return accessToken === refused?.accessToken ? null : { accessToken, calendarId: row.calendarId };
  };

  const markBroken = async (
    businessId: string,
    reason: string,
    grant: { refreshToken: string } | { connectedAt: Date },
  ) => {
    logger.warn(`Google Calendar of business ${businessId} is broken: ${reason}`);
    await markCalendarBroken(db, { businessId, reason, now: clock(), ...grant });
  };

  const refresh = async (row: CalendarConnectionRow): Promise<CalendarGrant | null> => {
    let refreshToken: string;
    try {
      refreshToken = cipher.decrypt(row.refreshToken);
    } catch {
      await markBroken(row.businessId, UNREADABLE_REASON, { refreshToken: row.refreshToken });
      return null;
    }
    let answer: Awaited<ReturnType<typeof refreshAccessToken>>;
    try {
      answer = await refreshAccessToken(google, refreshToken);
    } catch (error) {
      if (error instanceof GoogleOAuthError && error.code === "invalid_grant") {
        await markBroken(row.businessId, REVOKED_REASON, { refreshToken: row.refreshToken });
        return null;
      }
      throw error;
    }
    const grant = { accessToken: answer.access_token, calendarId: row.calendarId };
    const stored = await storeRefreshedToken(db, {
      businessId: row.businessId,
      read: row,
      accessToken: cipher.encrypt(answer.access_token),
      accessTokenExpiresAt: new Date(clock().getTime() + answer.expires_in * 1000),
      refreshToken: answer.refresh_token ? cipher.encrypt(answer.refresh_token) : null,
    });
    if (stored) return grant;
    // Another instance refreshed first, or the connection changed meanwhile: what is stored now decides.
    const current = await findCalendarConnection(db, row.businessId);
    if (!current || current.brokenAt) return null;
    return fresh(current) ?? (current.refreshToken === row.refreshToken ? grant : null);
  };

  return {
    async grantFor(businessId, refused) {
      const row = await findCalendarConnection(db, businessId);
      if (!row || row.brokenAt) return null;
      try {
        const grant = fresh(row, refused);
        if (grant) return grant;
      } catch {
        await markBroken(businessId, UNREADABLE_REASON, { refreshToken: row.refreshToken });
        return null;
      }
      const running = refreshing.get(businessId);
      if (running) return running;
      const started = refresh(row).finally(() => refreshing.delete(businessId));
      refreshing.set(businessId, started);
      return started;
    },
    markBroken: (businessId, reason, connectedAt) => markBroken(businessId, reason, { connectedAt }),
    async grantOfRemoved(row) {
      const grant = fresh(row);
      if (grant) return grant;
      const answer = await refreshAccessToken(google, cipher.decrypt(row.refreshToken));
      return { accessToken: answer.access_token, calendarId: row.calendarId };
    },
  };
}
