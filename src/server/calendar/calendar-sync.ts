import { isWithinOpeningHours } from "../availability/opening-hours";
import { changeBooking } from "../bookings/bookings-write.repo";
import type { Clock } from "../clock";
import type { Database, Transaction } from "../db/database";
import type { Logger } from "../logger";
import { outboxWritten } from "../outbox/outbox-signal";
import { Refusal } from "../refusal";
import type { ScheduledJob } from "../scheduler/scheduler";
import type { CalendarAccess } from "./calendar-access";
import { type CalendarApi, CalendarApiError, type GoogleEvent } from "./calendar-api";
import { bookingIdOfEvent } from "./calendar-event-fields";
import {
  type BookingWithEvent,
  bookingsWithEvents,
  calendarsToSync,
  markDeletedInGoogle,
  markRestoredInGoogle,
  noteMoveRefusal,
  type SyncedCalendar,
  saveCheck,
  whileConnected,
} from "./calendar-sync.repo";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How often every calendar is checked without being told (push notifications come sooner). */
const CHECK_EVERY_MS = 5 * MINUTE_MS;
/** Calendars checked at once by the scheduled check. */
const CHECKS_AT_ONCE = 8;
/** Busy times are kept from a day back to this many days past the booking horizon (staff book beyond it). */
const BUSY_DAYS_PAST_HORIZON = 31;

export type CalendarSync = {
  /** The shared scheduled check of every calendar. */
  job: ScheduledJob;
  /**
   * Checks one business's calendar now (`full`: forgets the sync token, "Resync now"); answers whether the
   * check went through (false: not connected, broken, or Google failed; the reason is logged and kept).
   */
  check(businessId: string, options?: { full?: boolean }): Promise<boolean>;
};

type Interval = { start: Date; end: Date };

/** `busy` less every interval of `ours` (both in any order). */
export function subtractIntervals(busy: Interval[], ours: Interval[]): Interval[] {
  let left = busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }));
  for (const own of ours) {
    const [s, e] = [own.start.getTime(), own.end.getTime()];
    left = left.flatMap((b) => {
      if (e <= b.start || s >= b.end) return [b];
      return [
        ...(b.start < s ? [{ start: b.start, end: s }] : []),
        ...(e < b.end ? [{ start: e, end: b.end }] : []),
      ];
    });
  }
  return left.map((b) => ({ start: new Date(b.start), end: new Date(b.end) }));
}

const startOf = (event: GoogleEvent) => (event.start?.dateTime ? new Date(event.start.dateTime) : null);
const endOf = (event: GoogleEvent) => (event.end?.dateTime ? new Date(event.end.dateTime) : null);

/**
 * Google → us. A check reads what changed in the calendar (events.list with the stored sync token; without
 * one, or when Google answers 410 for it, every event: a full sync), weighs each change to an event of ours
 * against its booking, refreshes the calendar's busy times and keeps the new sync token:
 * - an event of ours moved in Google moves its booking through the booking rule (changeBooking, timeline
 *   actor "calendar" named by the account's e-mail), keeping its duration, if the new time is within the
 *   opening hours and free; otherwise the refusal is noted on the booking (calendar_events.move_refusal_code) and
 *   the booking stays. Only when the event shows the booking's current version: while a change of ours is
 *   on its way to Google, the event's old time is not a move.
 * - an event of ours deleted in Google marks the booking for staff's review (deleted_in_google_at), never
 *   cancels it; a full sync that no longer finds an event does the same. One put back clears the mark, and a
 *   change of ours held back meanwhile is queued to Google (markRestoredInGoogle).
 * - busy times are freeBusy less the times of our own events (a booking already holds its time in the slot
 *   engine; counted again, its event would hold it after a cancel or move until the next check).
 */
export function createCalendarSync(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  api: CalendarApi;
  access: CalendarAccess;
}): CalendarSync {
  const { db, clock, logger, api } = deps;

  /** Every page of a listing: the events, and the sync token Google gives on the last page. */
  const listAll = async (businessId: string, syncToken: string | null) => {
    const events: GoogleEvent[] = [];
    let pageToken: string | undefined;
    for (;;) {
      const page = await api.listEvents(
        businessId,
        syncToken ? { syncToken, ...(pageToken && { pageToken }) } : { ...(pageToken && { pageToken }) },
      );
      events.push(...(page.items ?? []));
      if (!page.nextPageToken) return { events, syncToken: page.nextSyncToken ?? null };
      pageToken = page.nextPageToken;
    }
  };

  /** Weighs a move made in Google (`tx` holds the connection the check was made for: see whileConnected). */
  const moveInGoogle = async (
    tx: Transaction,
    calendar: SyncedCalendar,
    booking: BookingWithEvent,
    start: Date,
  ) => {
    const { businessId } = calendar;
    const within = await isWithinOpeningHours(tx, {
      businessId,
      timezone: calendar.timezone,
      start,
      durationMinutes: booking.durationMinutes,
    });
    if (!within) {
      await noteMoveRefusal(tx, { businessId, ...booking }, { code: "OUTSIDE_HOURS", movedTo: start });
      return;
    }
    try {
      await changeBooking(tx, {
        businessId,
        bookingId: booking.bookingId,
        actor: { kind: "calendar", id: null, name: calendar.email },
        event: { type: "booking.reschedule", startTime: start.getTime() },
        expectedVersion: booking.version,
        now: clock(),
      });
      await noteMoveRefusal(tx, { businessId, ...booking }, null);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      // Changed by us since it was read: the event shows that change soon, and the next check weighs it.
      if (error.code !== "BOOKING_CHANGED")
        await noteMoveRefusal(tx, { businessId, ...booking }, { code: error.code, movedTo: start });
    }
  };

  /**
   * What the changed events of ours mean for their bookings (`full`: `events` is every live event).
   * `bookings` were read before Google was asked: an event our delivery made or changed since is not taken
   * for one gone or moved in Google (it is weighed at the next check). Every write is made only while the
   * connection is still the one the check was made for; once it is not, the rest is left.
   */
  const reconcile = async (
    calendar: SyncedCalendar,
    bookings: BookingWithEvent[],
    events: GoogleEvent[],
    full: boolean,
  ) => {
    const connected = (write: (tx: Transaction) => Promise<void>) => whileConnected(db, calendar, write);
    const ours = new Map<string, GoogleEvent>();
    for (const event of events) {
      const bookingId = bookingIdOfEvent(event.id);
      if (bookingId) ours.set(bookingId, event);
    }
    const deleted: string[] = [];
    const restored: string[] = [];
    for (const booking of bookings) {
      const event = ours.get(booking.bookingId);
      if (!event && !full) continue;
      if (event && event.id !== booking.eventId) continue;
      if (!event || event.status === "cancelled") {
        if (!booking.deletedInGoogle && booking.status !== "cancelled") deleted.push(booking.bookingId);
        continue;
      }
      if (booking.deletedInGoogle) restored.push(booking.bookingId);
      const start = startOf(event);
      const ourChangeOnItsWay = booking.bookingVersion !== booking.version;
      const open = booking.status === "pending" || booking.status === "confirmed";
      if (!start || ourChangeOnItsWay || !open) continue;
      const moved = start.getTime() !== booking.startTime.getTime();
      const weighed = await connected((tx) =>
        moved
          ? moveInGoogle(tx, calendar, booking, start)
          : noteMoveRefusal(tx, { businessId: calendar.businessId, ...booking }, null),
      );
      if (!weighed) return;
      // Once committed: woken by the move itself, the delivery would not see its row yet (PostgreSQL).
      if (moved) outboxWritten([calendar.businessId]);
    }
    if (deleted.length === 0 && restored.length === 0) return;
    const now = clock();
    const marked = await connected(async (tx) => {
      await markDeletedInGoogle(tx, deleted, now);
      await markRestoredInGoogle(tx, { businessId: calendar.businessId, bookingIds: restored, now });
    });
    if (marked && restored.length > 0) outboxWritten([calendar.businessId]);
  };

  /** The calendar's busy times around the days slots are offered for, our own events left out. */
  const busyOf = async (calendar: SyncedCalendar) => {
    const now = clock().getTime();
    const range = {
      timeMin: new Date(now - DAY_MS),
      timeMax: new Date(now + (calendar.bookingHorizonDays + BUSY_DAYS_PAST_HORIZON) * DAY_MS),
    };
    const busy = await api.freeBusy(calendar.businessId, range);
    const ours: Interval[] = [];
    let pageToken: string | undefined;
    do {
      const page = await api.listEvents(calendar.businessId, {
        ...range,
        singleEvents: true,
        ...(pageToken && { pageToken }),
      });
      for (const event of page.items ?? []) {
        const [start, end] = [startOf(event), endOf(event)];
        if (bookingIdOfEvent(event.id) && start && end) ours.push({ start, end });
      }
      pageToken = page.nextPageToken;
    } while (pageToken);
    return subtractIntervals(busy, ours);
  };

  const checkCalendar = async (calendar: SyncedCalendar, full: boolean): Promise<boolean> => {
    const { businessId } = calendar;
    try {
      const bookings = await bookingsWithEvents(db, businessId);
      let listed: Awaited<ReturnType<typeof listAll>>;
      let wasFull = full || calendar.syncToken === null;
      try {
        listed = await listAll(businessId, wasFull ? null : calendar.syncToken);
      } catch (error) {
        // Google no longer knows the token (410 fullSyncRequired): everything again.
        if (!(error instanceof CalendarApiError && error.failure === "gone")) throw error;
        wasFull = true;
        listed = await listAll(businessId, null);
      }
      await reconcile(calendar, bookings, listed.events, wasFull);
      const busy = await busyOf(calendar);
      const { connectedAt } = calendar;
      return await saveCheck(db, {
        businessId,
        connectedAt,
        syncToken: listed.syncToken,
        busy,
        now: clock(),
      });
    } catch (error) {
      if (
        error instanceof CalendarApiError &&
        (error.failure === "notFound" || error.failure === "forbidden")
      ) {
        await deps.access.markBroken(businessId, error.message, calendar.connectedAt);
        logger.warn(`Google refuses the calendar of business ${businessId}: ${error.message}`);
      } else logger.warn(`Checking the Google Calendar of business ${businessId} failed`, error);
      return false;
    }
  };

  return {
    job: {
      name: "calendar-check",
      scope: "shared",
      everyMs: CHECK_EVERY_MS,
      runAtStart: true,
      run: async () => {
        const calendars = await calendarsToSync(db, null);
        for (let i = 0; i < calendars.length; i += CHECKS_AT_ONCE)
          await Promise.all(calendars.slice(i, i + CHECKS_AT_ONCE).map((c) => checkCalendar(c, false)));
      },
    },
    async check(businessId, options = {}) {
      const [calendar] = await calendarsToSync(db, [businessId]);
      return calendar ? checkCalendar(calendar, options.full ?? false) : false;
    },
  };
}
