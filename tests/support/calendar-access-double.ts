import { sql } from "drizzle-orm";
import type { CalendarAccess } from "../../src/server/calendar/calendar-access";
import type { Database } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";

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
    async markBroken(businessId, reason) {
      broken.push({ businessId, reason });
      await database().execute(
        sql`update calendar_connections set broken_at = coalesce(broken_at, now()), broken_reason = ${reason}
          where business_id = ${businessId}::uuid`,
      );
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
 * Connects the business's calendar as the OAuth callback does: the cursor at the business's newest outbox
 * row (a new calendar hears of what happens next), due at once.
 */
export async function connectCalendar(db: Database, businessId: string, calendarId: string) {
  await db.execute(
    sql`insert into calendar_connections (business_id, email, calendar_id, scopes, refresh_token,
        delivered_through_xid, delivered_through_id)
      select ${businessId}::uuid, 'owner@example.com', ${calendarId}, 'calendar.events', 'sealed-refresh-token',
        coalesce(newest.xid, '0'), coalesce(newest.id, 0)
      from (select 1) one left join lateral (select xid, id from outbox where business_id = ${businessId}::uuid
        order by xid desc, id desc limit 1) newest on true`,
  );
}
