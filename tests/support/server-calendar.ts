import { sql } from "drizzle-orm";
import { vi } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { connectCalendar, createCalendarAccessDouble } from "./calendar-access-double";
import { type FakeGoogleCalendar, startFakeGoogleCalendar } from "./fake-google-calendar";
import { openPractice, type Practice } from "./server-bookings";
import { startTestServer, type TestServer } from "./server-harness";

/** A fake Google Calendar API and a test server pointed at it, its CalendarAccess the test double. */
export function calendarTestSetup(env: Record<string, string> = {}) {
  const double = createCalendarAccessDouble();
  let running: { fake: FakeGoogleCalendar; server: TestServer } | null = null;
  return {
    double,
    async start() {
      const fake = await startFakeGoogleCalendar();
      const server = await startTestServer({ env: { ...fake.env, ...env }, calendarAccess: double.access });
      double.bind(server);
      running = { fake, server };
      return running;
    },
    async close() {
      await running?.server.close();
      await running?.fake.close();
    },
  };
}

/** Where a business's calendar delivery stands. */
export type CalendarConnection = {
  deliveredThroughId: number;
  /** The last of the business's outbox rows in delivery order, (xid, id): on PostgreSQL not always the highest id. */
  newest: number;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  brokenAt: string | null;
  lastCheckedAt: string | null;
};

/** Helpers of the calendar tests for one test server. */
export function serverCalendar(server: () => TestServer) {
  let nextCalendar = 1;

  /**
   * A practice (New York, open 09:00–17:00 Monday to Friday) whose Google Calendar is connected from now on;
   * `before` makes its bookings first.
   */
  const connected = async (before?: (practice: Practice) => Promise<void>) => {
    const practice = await openPractice(server());
    await before?.(practice);
    const calendarId = `owner${nextCalendar++}@example.com`;
    await connectCalendar(server().db, practice.businessId, calendarId, server().clock());
    return { ...practice, calendarId };
  };

  const connectionOf = async (businessId: string): Promise<CalendarConnection> => {
    const [row] = await rawRows<CalendarConnection>(
      server().db,
      sql`select k.delivered_through_id::int as "deliveredThroughId",
          coalesce((select id from outbox where business_id = k.business_id order by xid desc, id desc limit 1),
            0)::int as newest,
          k.attempts, to_char(k.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "nextAttemptAt",
          k.last_error as "lastError", k.broken_at::text as "brokenAt",
          to_char(k.last_checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastCheckedAt"
        from calendar_connections k where k.business_id = ${businessId}::uuid`,
    );
    return row!;
  };

  /** Waits (polling the database) until `check` holds for the business's connection. */
  const connectionUntil = (businessId: string, check: (c: CalendarConnection) => boolean) =>
    vi.waitFor(
      async () => {
        const connection = await connectionOf(businessId);
        if (!check(connection)) throw new Error(`connection not there yet: ${JSON.stringify(connection)}`);
        return connection;
      },
      { timeout: 15_000, interval: 20 },
    );

  /** Waits until the calendar has been sent every outbox row of the business. */
  const allDelivered = (practice: { businessId: string }) =>
    connectionUntil(practice.businessId, (c) => c.deliveredThroughId === c.newest);

  return { connected, connectionOf, connectionUntil, allDelivered };
}
