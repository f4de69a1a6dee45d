import { eq, sql } from "drizzle-orm";
import type { CalendarAccess } from "../../src/server/calendar/calendar-access";
import {
  connectCalendar as connectCalendarConnection,
  markCalendarBroken,
} from "../../src/server/calendar/calendar-connection.repo";
import type { Database } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";
import { users } from "../../src/server/db/schema/users.schema";
import { outboxWritten } from "../../src/server/outbox/outbox-signal";

/**
 * A stand-in for the OAuth side's CalendarAccess: a business is connected when the test has inserted its
 * calendar_connections row (see connectCalendar); its grant is a fixed token for the row's calendar, none
 * while the connection is broken. Bound to the server's database once it runs.
 */
export function createCalendarAccessDouble() {
  let db: Database | null = null;
  const broken: { businessId: string; reason: string }[] = [];
  const database = () => {
    if (!db) throw new Error("bind the access double to the server's database first");
    return db;
  };
  const access: CalendarAccess = {
    async grantFor(businessId) {
      const [row] = await rawRows<{ calendarId: string }>(
        database(),
        sql`select calendar_id as "calendarId" from calendar_connections
          where business_id = ${businessId}::uuid and broken_at is null`,
      );
      return row ? { accessToken: "fake-access-token", calendarId: row.calendarId } : null;
    },
    async markBroken(businessId, reason, connectedAt) {
      broken.push({ businessId, reason });
      // The real compare-and-set: a reconnect since the refused call is not marked.
      await markCalendarBroken(database(), { businessId, reason, now: new Date(), connectedAt });
    },
    async grantOfRemoved(row) {
      return { accessToken: "fake-access-token", calendarId: row.calendarId };
    },
  };
  return {
    access,
    bind(server: { db: Database }) {
      db = server.db;
    },
    /** The markBroken calls so far. */
    broken: () => [...broken],
  };
}

/**
 * Connects the business's calendar as the OAuth callback does (calendar-connection.repo.ts: the cursor at the
 * business's newest outbox row, its bookings still to come queued, due at once), to its own calendar of the
 * fake so tests keep businesses apart.
 */
export async function connectCalendar(db: Database, businessId: string, calendarId: string, now: Date) {
  // Connected by the business's first staff member, as the callback names whoever started it.
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.businessId, businessId))
    .limit(1);
  await connectCalendarConnection(db, {
    businessId,
    userId: owner!.id,
    email: `${calendarId}`,
    scopes: "openid email https://www.googleapis.com/auth/calendar.events.owned",
    refreshToken: "sealed-refresh-token",
    accessToken: "sealed-access-token",
    accessTokenExpiresAt: new Date(now.getTime() + 3_600_000),
    now,
  });
  await db.execute(
    sql`update calendar_connections set calendar_id = ${calendarId} where business_id = ${businessId}::uuid`,
  );
  // The connect woke the delivery while the row still named "primary": a round that came in between found
  // the wrong calendar. Woken again, the delivery goes to the test's calendar.
  outboxWritten([businessId]);
}
