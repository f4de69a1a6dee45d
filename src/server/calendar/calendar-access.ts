import type { CalendarConnectionRow } from "../db/schema/calendar.schema";

/** What a caller of Google Calendar's API needs for one business: a live access token and the calendar. */
export type CalendarGrant = { accessToken: string; calendarId: string };

/**
 * The business's way into its connected Google Calendar (see calendar-access.repo.ts for how it is kept):
 * the sync worker and the events routes ask for a grant right before each call to Google.
 */
export type CalendarAccess = {
  /**
   * A valid access token (refreshed and stored again when it expires within a minute); null when no calendar
   * is connected or the connection is broken. Google refusing the refresh for good (invalid_grant) marks the
   * connection broken and answers null. `refused`: the grant Google just answered 401 to (a token revoked or
   * expired before its time), refreshed even if its stored expiry is far off; a token stored since is taken.
   */
  grantFor(businessId: string, refused?: CalendarGrant): Promise<CalendarGrant | null>;
  /**
   * Google refused our access for good (revoked, calendar deleted): the card and a banner say so. Only the
   * connection made at `connectedAt` (the one the refused call was made for), never a reconnect since.
   */
  markBroken(businessId: string, reason: string, connectedAt: Date): Promise<void>;
  /**
   * A grant of a connection already deleted (disconnected, its business deleted), for the last calls made
   * with it before it is revoked (stopping its push channel): its stored access token while it has over a
   * minute left, else one refreshed at Google; nothing is stored. Throws when Google cannot give one.
   */
  grantOfRemoved(row: CalendarConnectionRow): Promise<CalendarGrant>;
};
