import { sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import type { Logger } from "../logger";
import { backoffMs } from "../outbox/outbox-backoff";
import { type ClaimedCursor, claimDueCursors } from "../outbox/outbox-cursor.repo";
import { createOutboxSender, type FailureVerdict } from "../outbox/outbox-sender";
import { createOutboxWorker, type OutboxWorker } from "../outbox/outbox-worker";
import type { CalendarAccess } from "./calendar-access";
import { type CalendarApi, CalendarApiError } from "./calendar-api";
import { CALENDAR_BACKFILL_TOPIC, CALENDAR_REWRITE_TOPIC } from "./calendar-connection.repo";
import { bookingEventFields, eventIdOf } from "./calendar-event-fields";
import {
  type CalendarChangeRow,
  createEventRecorder,
  forgetCalendarEvent,
  markEventMissing,
  readCalendarChangesAfter,
} from "./calendar-events.repo";

const TABLE = "calendar_connections";
/** How long a claimed calendar is this instance's (renewed with every change sent); past it, presumed lost. */
const LEASE_MS = 60_000;
/** Calendars claimed per round, all served at once (each calendar's own changes strictly in order). */
const CALENDARS_PER_ROUND = 64;
/** Outbox rows read per query while a calendar is being served. */
const ROWS_PER_READ = 50;
/** The scheduled check: rows written by other instances, and calendars whose sender was lost. */
const SCAN_EVERY_MS = 10_000;

/**
 * Google's 429 (or 403 rate limit) waits as long as Retry-After asks, else the backoff; a calendar that is
 * gone (404 where the calendar itself was asked) or access taken away (403) holds everything until the owner
 * reconnects; a 400 can never pass as it is; anything else may well pass later.
 */
function verdictOf(error: unknown, attempts: number, random?: () => number): FailureVerdict {
  if (error instanceof CalendarApiError) {
    if (error.failure === "rateLimited" && error.retryAfterSeconds !== null)
      return { kind: "retry", waitMs: Math.max(1, error.retryAfterSeconds) * 1000 };
    if (error.failure === "notFound" || error.failure === "forbidden") return { kind: "broken" };
    if (error.failure === "invalid") return { kind: "skip" };
  }
  return { kind: "retry", waitMs: backoffMs(attempts, random) };
}

export type CalendarDelivery = OutboxWorker;

/** A booking's event as this batch left it: none (deleted), or its id and the booking's version it shows. */
type Shown = { eventId: string | null; version: number | null };

/** A calendar claimed for sending, with when its grant was connected (a reconnect meanwhile is another). */
type ClaimedCalendar = ClaimedCursor & { connectedAt: Date };

/**
 * Brings each connected Google Calendar in line with the business's bookings, change by change in outbox
 * order (the rounds, leases and cursor: outbox-worker.ts, outbox-cursor.repo.ts). Each booking has exactly
 * one event, whose id is derived from the booking (eventIdOf): a create or a change of a booking without an
 * event inserts it, and Google's 409 (the event is there already: a sender crashed after Google made it,
 * or another instance did) turns into a patch of it. A pending booking shows as tentative, a confirmed one
 * as confirmed; a reschedule patches the times; a cancellation deletes the event; a completion leaves it
 * (until the name and phone are removed: calendar.rewrite).
 * An event the owner deleted in Google is left alone (staff review it, see calendar-sync.ts); so is one Google
 * does not find in the calendar when patching it (404 on the event: moved to another calendar), and a cancel
 * of one it does not find is done.
 */
export function createCalendarDelivery(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  api: CalendarApi;
  access: CalendarAccess;
  /** The portal's public origin, for the link to the booking (null: no link). */
  appOrigin: string | null;
  random?: () => number;
}): CalendarDelivery {
  const { db, clock, logger, api } = deps;
  const recordEvent = createEventRecorder(db);

  /**
   * Whether `error` is Google's 404 for an event of a calendar that is still there. Google answers 404 for a
   * deleted (or no longer shared) calendar too, so the calendar is asked; its own 404 is thrown, and breaks
   * the connection (verdictOf).
   */
  const eventNotFound = async (businessId: string, error: unknown): Promise<boolean> => {
    if (!(error instanceof CalendarApiError && error.failure === "notFound")) return false;
    const now = clock();
    await api.listEvents(businessId, { timeMin: now, timeMax: new Date(now.getTime() + 1) });
    return true;
  };

  /** Whether Google holds the event as deleted (cancelled, or gone); one it does not know is left to the patch. */
  const heldAsDeleted = async (businessId: string, eventId: string): Promise<boolean> => {
    try {
      return (await api.getEvent(businessId, eventId)).status === "cancelled";
    } catch (error) {
      if (!(error instanceof CalendarApiError)) throw error;
      if (error.failure === "gone") return true;
      if (error.failure === "notFound") return false;
      throw error;
    }
  };

  /**
   * Makes Google show the change (throws the CalendarApiError of a call Google did not take). `known` holds
   * the events this batch of rows has made or deleted since its rows were read, with the booking's version
   * each shows (a create and its confirm read together: the confirm patches what the create made).
   */
  const apply = async (
    businessId: string,
    timezone: string,
    row: CalendarChangeRow,
    known: Map<string, Shown>,
  ) => {
    const { bookingId, toStatus, startTime, endTime, version } = row;
    if (!bookingId || !toStatus || !startTime || !endTime || version === null) return;
    // Older than the calendar: its bookings went out as they are with the connect's backfill (a booking
    // cancelled before the connect never shows up, not even for a moment).
    if (row.coveredByConnect) return;
    const shown = known.get(bookingId) ?? { eventId: row.eventId, version: row.eventVersion };
    // The event shows this version of the booking or a newer one: a booking queued as it is when sent
    // (calendar.backfill) went out with changes whose own rows come later. Sent again, an older state would
    // follow the newer one, and the check would take the difference for a move made in Google. A rewrite
    // (calendar.rewrite: the name and phone were removed) is sent for the version the event shows.
    const rewrite = row.topic === CALENDAR_REWRITE_TOPIC;
    if (shown.version !== null && (version < shown.version || (version === shown.version && !rewrite)))
      return;
    const existing = shown.eventId;
    const eventId = existing ?? eventIdOf(bookingId);
    if (toStatus === "cancelled") {
      try {
        await api.deleteEvent(businessId, eventId);
      } catch (error) {
        // Already deleted (410), or not in the calendar (never made, moved away): nothing left to remove.
        const gone = error instanceof CalendarApiError && error.failure === "gone";
        if (!gone && !(await eventNotFound(businessId, error))) throw error;
      }
      await forgetCalendarEvent(db, bookingId);
      known.set(bookingId, { eventId: null, version });
      return;
    }
    // A completed appointment stays as it was shown, unless its name and phone were removed; one the owner
    // deleted waits for staff's review.
    if ((toStatus === "completed" && !rewrite) || row.deletedInGoogle) return;
    const fields = bookingEventFields({
      bookingId,
      status: toStatus,
      serviceName: row.serviceName ?? "",
      customerName: row.customerName ?? "",
      customerPhone: row.customerPhone ?? "",
      startTime,
      endTime,
      timezone,
      appOrigin: deps.appOrigin,
    });
    const patch = async () => {
      try {
        await api.patchEvent(businessId, eventId, fields);
        return true;
      } catch (error) {
        if (!(await eventNotFound(businessId, error))) throw error;
        // Not in the calendar (moved to another one, unknown to Google): staff review it as one deleted there.
        await markEventMissing(db, { businessId, bookingId, eventId, now: clock() });
        return false;
      }
    };
    /**
     * A patch, unless Google holds the event as deleted: one the owner deleted there that we did not know of
     * (a calendar connected again, the same account's after a disconnect or another's in between), which a
     * patch would bring back behind staff's back. It is put up for their review instead.
     */
    const patchUnlessDeleted = async () => {
      if (!(await heldAsDeleted(businessId, eventId))) return patch();
      await markEventMissing(db, { businessId, bookingId, eventId, now: clock() });
      return false;
    };
    let inGoogle = true;
    if (existing === null) {
      try {
        await api.insertEvent(businessId, { id: eventId, ...fields });
      } catch (error) {
        if (!(error instanceof CalendarApiError && error.failure === "conflict")) throw error;
        // There already (a crash after Google made it, another instance, a calendar connected again).
        inGoogle = await patchUnlessDeleted();
      }
    } else {
      // A booking queued as it is meets an event this calendar may have lost since (see connectCalendar).
      inGoogle =
        row.topic === CALENDAR_BACKFILL_TOPIC || rewrite ? await patchUnlessDeleted() : await patch();
    }
    known.set(bookingId, { eventId, version: inGoogle ? version : shown.version });
    if (inGoogle)
      await recordEvent({ businessId, bookingId, eventId, bookingVersion: version, now: clock() });
  };

  const serveCalendar = createOutboxSender<CalendarChangeRow, ClaimedCalendar>({
    db,
    table: TABLE,
    clock,
    logger,
    channel: "Google Calendar",
    leaseMs: LEASE_MS,
    read: async (calendar, after) => {
      const known = new Map<string, Shown>();
      return {
        rows: await readCalendarChangesAfter(db, calendar.businessId, after, ROWS_PER_READ),
        send: (row) => apply(calendar.businessId, calendar.timezone, row, known),
      };
    },
    verdict: (error, attempts) => verdictOf(error, attempts, deps.random),
    onBroken: (calendar, reason) => deps.access.markBroken(calendar.businessId, reason, calendar.connectedAt),
  });

  return createOutboxWorker<ClaimedCalendar>({
    name: "calendar-delivery",
    clock,
    logger,
    scanEveryMs: SCAN_EVERY_MS,
    perRound: CALENDARS_PER_ROUND,
    leaseMs: LEASE_MS,
    claim: async (round) =>
      (await claimDueCursors(db, TABLE, { ...round, extra: isoUtc(sql.raw("t.connected_at")) })).map(
        (calendar) => ({ ...calendar, connectedAt: new Date(calendar.extra!) }),
      ),
    serve: serveCalendar,
  });
}
