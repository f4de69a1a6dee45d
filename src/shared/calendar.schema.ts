import { type } from "arktype";
import { isoInstant } from "./iso-instant.schema";

/**
 * GET /api/calendar/status (spec 3 "Calendar status", spec 7 envelope). Beyond the spec: whether the server
 * has Google OAuth credentials at all (`configured`), `brokenAt`/`brokenReason` when Google refused our
 * access (revoked, calendar deleted: the card and a banner offer to reconnect; queued changes wait), and
 * `lastCheckedAt`, the last time a sync with Google succeeded (shown beside "Resync now").
 */
export const calendarStatus = type({
  configured: "boolean",
  connected: "boolean",
  email: "string | null",
  connectedAt: "string | null",
  brokenAt: "string | null",
  brokenReason: "string | null",
  lastCheckedAt: "string | null",
});
export type CalendarStatus = typeof calendarStatus.infer;

/** GET /api/calendar/connect (spec 7): where the popup goes to ask Google for access. */
export const calendarConnect = type({ authUrl: "string" });
export type CalendarConnect = typeof calendarConnect.infer;

/** The `type` of the message the callback page posts to the portal window (spec 7). */
export const CALENDAR_CONNECTED = "CALENDAR_CONNECTED";

/**
 * The BroadcastChannel the callback page also posts on: Google's pages may cut `window.opener`
 * (Cross-Origin-Opener-Policy), and a same-origin channel still reaches the portal tab.
 */
export const CALENDAR_CHANNEL = "calldesk-calendar";

/** Why the callback refused a connect: the portal words it in the interface language. */
export const CALENDAR_REFUSALS = [
  "cancelled",
  "failed",
  "stale",
  "otherBrowser",
  "unreachable",
  "noOfflineAccess",
  "missingPermissions",
  "notConfigured",
] as const;
export type CalendarRefusal = (typeof CALENDAR_REFUSALS)[number];

/** The calendar permissions Google's consent screen lets the user untick, by what they allow. */
export const CALENDAR_PERMISSIONS = ["events", "freeBusy"] as const;
export type CalendarPermission = (typeof CALENDAR_PERMISSIONS)[number];

/**
 * What the callback page posts (spec 7): `success`, and `error` (a message to show) when it failed. Beyond the
 * spec, a refusal also says why (`reason`) and, for permissions left unticked, which (`missing`), so that the
 * portal says it in the user's language; `error` stays the server's English. Checked by the portal before it
 * trusts a message, beside the origin check.
 */
export const calendarConnectedMessage = type({
  type: `'${CALENDAR_CONNECTED}'`,
  success: "boolean",
  error: "string | null",
  "reason?": type.enumerated(...CALENDAR_REFUSALS),
  "missing?": type.enumerated(...CALENDAR_PERMISSIONS).array(),
});
export type CalendarConnectedMessage = typeof calendarConnectedMessage.infer;

/** GET /api/calendar/busy: the range asked, as ISO 8601 instants (at most 62 days). */
export const calendarBusyQuery = type({ from: isoInstant, to: isoInstant });

/**
 * A busy time of the connected Google Calendar that is not one of our bookings (beyond the spec): the
 * bookings calendar shades it, as the slot engine keeps it free of offers. As last read from Google.
 */
export const calendarBusyTime = type({ start: "string", end: "string" });
export type CalendarBusyTime = typeof calendarBusyTime.infer;
/** GET /api/calendar/busy answers them in time order. */
export const calendarBusyList = calendarBusyTime.array();
