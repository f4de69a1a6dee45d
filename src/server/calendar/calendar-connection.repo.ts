import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit.repo";
import type { Database, Executor, Transaction } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import {
  type CalendarConnectionRow,
  calendarBusy,
  calendarConnections,
  calendarEvents,
} from "../db/schema/calendar.schema";
import { newestOutboxRow } from "../outbox/newest-outbox-row";
import { DUE_AT_ONCE } from "../outbox/outbox-cursor.repo";
import { outboxWritten } from "../outbox/outbox-signal";

export async function findCalendarConnection(
  db: Executor,
  businessId: string,
): Promise<CalendarConnectionRow | null> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.businessId, businessId));
  return row ?? null;
}

/** What the callback stores: tokens already encrypted; `userId` is the staff member who connected it. */
export type NewCalendarConnection = {
  businessId: string;
  userId: string;
  email: string;
  scopes: string;
  refreshToken: string;
  accessToken: string;
  accessTokenExpiresAt: Date;
  now: Date;
};

const sameAccount = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Connects (or reconnects) the business's Google Calendar; a broken connection is whole again and due at
 * once. The same account connected again keeps its place in the outbox (what waited while it was broken is
 * delivered, once) and what sync knows of its calendar. A connection made afresh (none before, or another
 * account's) starts after the business's newest outbox row, with no busy times, sync token or push channel
 * of an old calendar, and only the events known to be in this account's calendar: those of an account
 * connected before a disconnect, when it is the same one, stay as they were (deleted there: still up for
 * review), and the bookings are queued as queueBookingsToShow says. Answers the other account's connection
 * it replaced (tokens still encrypted), whose grant the caller revokes; null when there was none or it was
 * the same account (revoking any token of a grant ends the whole grant).
 */
export async function connectCalendar(
  db: Database,
  input: NewCalendarConnection,
): Promise<CalendarConnectionRow | null> {
  const { businessId, now } = input;
  const recordConnected = (tx: Transaction) =>
    recordAudit(tx, {
      businessId,
      actor: { userId: input.userId },
      at: now,
      action: "calendar.connected",
      details: {},
    });
  const replaced = await db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.businessId, businessId))
      .for("update");
    const mended = {
      email: input.email,
      scopes: input.scopes,
      refreshToken: input.refreshToken,
      accessToken: input.accessToken,
      accessTokenExpiresAt: input.accessTokenExpiresAt,
      connectedAt: now,
      attempts: 0,
      nextAttemptAt: DUE_AT_ONCE,
      lastError: null,
      brokenAt: null,
      brokenReason: null,
    };
    if (previous && sameAccount(previous.email, input.email)) {
      await tx.update(calendarConnections).set(mended).where(eq(calendarConnections.businessId, businessId));
      await recordConnected(tx);
      return null;
    }
    // Every row the bookings queued below could not reflect comes after the cursor (see newestOutboxRow).
    const newest = newestOutboxRow(businessId, { finishedOnly: true });
    const fresh = {
      ...mended,
      calendarId: "primary",
      deliveredThroughId: newest.id,
      deliveredThroughXid: newest.xid,
      // What the backfill below reflects: rows behind the cursor's start that it saw committed are not sent.
      connectedSnapshot: sql`pg_current_snapshot()::text`,
      lastCheckedAt: null,
      syncToken: null,
      watchChannelId: null,
      watchResourceId: null,
      watchToken: null,
      watchExpiresAt: null,
    };
    await tx
      .delete(calendarEvents)
      .where(
        and(
          eq(calendarEvents.businessId, businessId),
          sql`${calendarEvents.account} is distinct from ${input.email.toLowerCase()}`,
        ),
      );
    await tx.delete(calendarBusy).where(eq(calendarBusy.businessId, businessId));
    await tx
      .insert(calendarConnections)
      .values({ businessId, ...fresh })
      .onConflictDoUpdate({ target: calendarConnections.businessId, set: fresh });
    await queueBookingsToShow(tx, businessId, now);
    await recordConnected(tx);
    return previous ?? null;
  });
  // Due at once: what waited while broken, or the bookings just queued, go out now, not at the next check.
  outboxWritten([businessId]);
  return replaced;
}

/** The outbox topic that asks the calendar alone to show a booking as it is (Telegram has no message for it). */
export const CALENDAR_BACKFILL_TOPIC = "calendar.backfill";
/**
 * The outbox topic that asks the calendar alone to write a booking's event again as the booking is now, though
 * the event shows the booking's version already (or shows it as it was before it was completed): an erasure or
 * the retention purge blanks the name and phone without making a new version (nothing about the appointment
 * changed), and the event must lose them too.
 */
export const CALENDAR_REWRITE_TOPIC = "calendar.rewrite";

/**
 * Events the owner put back in Google (still marked deleted there) whose open booking changed meanwhile: a
 * change made while an event was deleted was not sent (calendar-delivery.ts), so each such booking is queued
 * once more, as it is when sent (a row naming no timeline entry, as queueBookingsToShow explains), soonest
 * first. Here beside the other backfill, so the outbox keeps its writers.
 */
export async function queueOutdatedRestoredBookings(
  tx: Executor,
  input: { businessId: string; bookingIds: readonly string[]; now: Date },
): Promise<void> {
  await tx.execute(
    sql`insert into outbox (business_id, topic, booking_id, created_at)
      select b.business_id, ${CALENDAR_BACKFILL_TOPIC}, b.id, ${input.now.toISOString()}::timestamptz
      from calendar_events ce join bookings b on b.id = ce.booking_id
      where ce.business_id = ${input.businessId}::uuid
        and ce.booking_id = any(${`{${input.bookingIds.join(",")}}`}::uuid[])
        and ce.deleted_in_google_at is not null and ce.booking_version < b.version
        and b.status in ('pending', 'confirmed')
      order by b.start_time, b.id`,
  );
}

/**
 * Bookings whose customer's name and phone were just removed (a caller's erasure at the privacy desk, the
 * retention purge) whose event Google shows: each is queued to be written again as it is when sent, so
 * calendar delivery rewrites its event from the blanked row (no name, no phone) now rather than never (a
 * completed one's event is otherwise left as it was shown). A cancelled one's event is deleted by its cancel,
 * one the owner deleted in Google is theirs. Resolves to how many were queued.
 */
export async function queueAnonymisedBookings(
  tx: Executor,
  input: { businessId: string; bookingIds: readonly string[]; now: Date },
): Promise<number> {
  const [row] = await rawRows<{ queued: number }>(
    tx,
    sql`with queued as (
        insert into outbox (business_id, topic, booking_id, created_at)
        select b.business_id, ${CALENDAR_REWRITE_TOPIC}, b.id, ${input.now.toISOString()}::timestamptz
        from calendar_events ce join bookings b on b.id = ce.booking_id
        where ce.business_id = ${input.businessId}::uuid
          and ce.booking_id = any(${`{${input.bookingIds.join(",")}}`}::uuid[])
          and ce.deleted_in_google_at is null and b.status <> 'cancelled'
        order by b.start_time, b.id
        returning 1
      )
      select count(*)::int as queued from queued`,
  );
  return row!.queued;
}

/**
 * A calendar connected afresh starts after the newest outbox row, so the bookings still to come are queued
 * for it once, soonest first: the owner sees the diary that is already booked, not only what is booked from
 * now on. Each open booking without an event, and each booking whose event shows an older version (changed
 * while no calendar was connected, a cancel included: its event is deleted); an event that shows the
 * booking as it is stays as it is (a move the owner made there meanwhile is weighed by the first check).
 * Written after the cursor's position in the same transaction, so they are the first rows it delivers.
 *
 * Each row names the booking only, no timeline entry: the delivery sends the booking as it is when the row
 * goes out. On PostgreSQL a booking change can commit between this statement's read and the connect's
 * commit, its own outbox row ordered before these (an older transaction id): a row naming the state read
 * here would then put that older state after the newer one. Read when sent, the booking is at least as new
 * as every change ordered before the row (the row is read only once every older transaction has finished),
 * and a change ordered after it that the event already shows is passed (calendar-delivery.ts). Simpler than
 * locking the bookings here (a booking created meanwhile has no row to lock) or comparing versions later.
 */
async function queueBookingsToShow(tx: Executor, businessId: string, now: Date): Promise<void> {
  await tx.execute(
    sql`insert into outbox (business_id, topic, booking_id, created_at)
      select b.business_id, ${CALENDAR_BACKFILL_TOPIC}, b.id, ${now.toISOString()}::timestamptz
      from bookings b left join calendar_events ce on ce.booking_id = b.id
      where b.business_id = ${businessId}::uuid and b.end_time > ${now.toISOString()}::timestamptz
        and case when ce.booking_id is null then b.status in ('pending', 'confirmed')
          else ce.booking_version < b.version end
      order by b.start_time, b.id`,
  );
}

/**
 * Deletes the business's connection and the busy times read from its calendar (they must stop blocking
 * slots); answers the deleted connection (tokens encrypted) for revocation, null when there was none. Its
 * events stay known (calendar_events, with the account whose calendar holds them): the same account
 * connected again takes them up, staff's review included (connectCalendar).
 */
export async function deleteCalendarConnection(
  db: Database,
  { businessId, userId, now }: { businessId: string; userId: string; now: Date },
): Promise<CalendarConnectionRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(calendarConnections)
      .where(eq(calendarConnections.businessId, businessId))
      .returning();
    await tx.delete(calendarBusy).where(eq(calendarBusy.businessId, businessId));
    if (row)
      await recordAudit(tx, {
        businessId,
        actor: { userId },
        at: now,
        action: "calendar.disconnected",
        details: {},
      });
    return row ?? null;
  });
}

/**
 * The connection is still the one connected at `connectedAt` (ms, as stored): a reconnect, of the same
 * account or another, is a new one.
 */
export const connectedAtIs = (connectedAt: Date) =>
  sql`${isoUtc(calendarConnections.connectedAt)} = ${connectedAt.toISOString()}`;

/**
 * Marks the connection broken (the first time and reason stay until a reconnect); its outbox rows wait.
 * Only while the connection still holds the grant Google refused, named by its refresh token or by when it
 * was connected: a reconnect made meanwhile is not the one Google refused.
 */
export async function markCalendarBroken(
  db: Executor,
  input: { businessId: string; reason: string; now: Date } & (
    | { refreshToken: string }
    | { connectedAt: Date }
  ),
): Promise<void> {
  await db
    .update(calendarConnections)
    .set({
      brokenAt: sql`coalesce(${calendarConnections.brokenAt}, ${input.now.toISOString()}::timestamptz)`,
      brokenReason: sql`coalesce(${calendarConnections.brokenReason}, ${input.reason})`,
    })
    .where(
      and(
        eq(calendarConnections.businessId, input.businessId),
        "refreshToken" in input
          ? eq(calendarConnections.refreshToken, input.refreshToken)
          : connectedAtIs(input.connectedAt),
      ),
    );
}

/**
 * Stores a refreshed access token (encrypted) if the connection is still as it was read: the same grant
 * and the same token expiry. False when another instance refreshed first, or the connection changed.
 */
export async function storeRefreshedToken(
  db: Executor,
  input: {
    businessId: string;
    read: Pick<CalendarConnectionRow, "refreshToken" | "accessTokenExpiresAt">;
    accessToken: string;
    accessTokenExpiresAt: Date;
    /** Google sends a new refresh token with a refresh only rarely; kept when it does. */
    refreshToken: string | null;
  },
): Promise<boolean> {
  const stored = await db
    .update(calendarConnections)
    .set({
      accessToken: input.accessToken,
      accessTokenExpiresAt: input.accessTokenExpiresAt,
      ...(input.refreshToken !== null && { refreshToken: input.refreshToken }),
    })
    .where(
      and(
        eq(calendarConnections.businessId, input.businessId),
        eq(calendarConnections.refreshToken, input.read.refreshToken),
        sql`${calendarConnections.accessTokenExpiresAt} is not distinct from
          ${input.read.accessTokenExpiresAt?.toISOString() ?? null}::timestamptz`,
      ),
    )
    .returning({ businessId: calendarConnections.businessId });
  return stored.length > 0;
}
