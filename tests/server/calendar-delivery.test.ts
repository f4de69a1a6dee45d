import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changeBooking, createBooking } from "../../src/server/bookings/bookings-write.repo";
import { createCalendarApi } from "../../src/server/calendar/calendar-api";
import { createCalendarDelivery } from "../../src/server/calendar/calendar-delivery";
import { eventIdOf } from "../../src/server/calendar/calendar-event-fields";
import type { Transaction } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";
import { createLogger } from "../../src/server/logger";
import { OUTBOX_KEEP_DAYS, outboxPurgeJob } from "../../src/server/outbox/outbox-purge";
import { purgeBusinessRetention } from "../../src/server/privacy/retention-purge";
import { connectCalendar } from "../support/calendar-access-double";
import { deferred } from "../support/deferred";
import type { FakeGoogleCalendar } from "../support/fake-google-calendar";
import { openPractice, type Practice, staffBooking, staffPut, staffPutAt } from "../support/server-bookings";
import { calendarTestSetup, serverCalendar } from "../support/server-calendar";
import { reportCall } from "../support/server-calls";
import { DAY, MINUTE, SECOND } from "../support/server-clock";
import type { TestServer } from "../support/server-harness";

const PUBLIC_URL = "https://portal.example.com";

const setup = calendarTestSetup({ PUBLIC_URL });
const { double } = setup;
let fake: FakeGoogleCalendar;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await setup.start());
});
afterAll(() => setup.close());

const { connected, connectionOf, connectionUntil, allDelivered } = serverCalendar(() => server);

const at = (iso: string) => new Date(iso).toISOString();

/** Staff move the booking to `startTime`: pending again, outside hours allowed. */
const staffMove = (practice: Practice, bookingId: string, startTime: string) =>
  staffPut(server, practice.staff, bookingId, { status: "pending", startTime, outsideHours: true });

/** The scheduler's run a minute on, until all is delivered (Google back after an outage): Google's calls before it. */
async function nextRunDelivered(practice: Practice) {
  const since = fake.calls().length;
  server.clock.advance(MINUTE);
  await server.runDue();
  await allDelivered(practice);
  return since;
}

/**
 * The calls that changed the calendar's events (from the `since`-th call on), as `METHOD /eventId` or an insert;
 * not the push channel's watch, which the scheduler opens whenever its tick comes.
 */
const writes = (calendarId: string, since = 0) =>
  fake
    .calls()
    .slice(since)
    .filter(
      (c) =>
        c.method !== "GET" &&
        c.path.includes(`/calendars/${encodeURIComponent(calendarId)}/events`) &&
        !c.path.endsWith("/events/watch"),
    )
    .map((c) => `${c.method} ${c.path.split("/events")[1] || "(insert)"}`);

/** Confirms the booking, then completes it at `time` (its appointment's end). */
async function completeAt(practice: Practice, bookingId: string, time: string) {
  await staffPut(server, practice.staff, bookingId, { status: "confirmed" });
  await staffPutAt(server, practice.staff, bookingId, { status: "completed" }, new Date(time));
}

/** Runs `write` in a transaction that commits when told: answers when it has written, and the commit. */
function held(write: (tx: Transaction) => Promise<unknown>) {
  const written = deferred();
  const committing = deferred();
  const committed = server.db.transaction(async (tx) => {
    await write(tx);
    written.resolve();
    await committing.promise;
  });
  return {
    written: written.promise,
    commit: () => {
      committing.resolve();
      return committed;
    },
  };
}

describe("Bookings → Google Calendar", () => {
  it("keeps one event per booking: tentative while pending, confirmed, moved, left once completed, deleted once cancelled", async () => {
    const practice = await connected();
    const booked = await staffBooking(server, practice, "Ada Lovelace", "2026-03-03T10:00:00-05:00");
    await allDelivered(practice);
    const id = eventIdOf(booked._id);
    const [event] = fake.live(practice.calendarId);
    expect(event).toMatchObject({
      id,
      status: "tentative",
      summary: "Cleaning · Ada Lovelace",
      description: `+15559990000\n${PUBLIC_URL}/bookings?booking=${booked._id}`,
      start: { dateTime: "2026-03-03T15:00:00.000Z", timeZone: "America/New_York" },
      end: { dateTime: "2026-03-03T15:30:00.000Z", timeZone: "America/New_York" },
      extendedProperties: { private: { calldeskBookingId: booked._id } },
    });
    const moved = at("2026-03-04T11:30:00-05:00");
    await staffMove(practice, booked._id, moved);
    await staffPut(server, practice.staff, booked._id, { status: "confirmed" });
    await allDelivered(practice);
    expect(fake.live(practice.calendarId)).toEqual([
      expect.objectContaining({
        id,
        status: "confirmed",
        start: expect.objectContaining({ dateTime: moved }),
      }),
    ]);
    await staffPutAt(server, practice.staff, booked._id, { status: "completed" }, new Date(moved));
    const other = await staffBooking(server, practice, "Walk In", "2026-03-05T09:00:00-05:00");
    await staffPut(server, practice.staff, other._id, { status: "cancelled" });
    await allDelivered(practice);
    expect(fake.live(practice.calendarId).map((e) => e.id)).toEqual([id]);
    expect(writes(practice.calendarId)).toEqual([
      "POST (insert)",
      `PATCH /${id}`,
      `PATCH /${id}`,
      "POST (insert)",
      `DELETE /${eventIdOf(other._id)}`,
    ]);
    const rows = await rawRows<{ bookingId: string; bookingVersion: number }>(
      server.db,
      sql`select booking_id as "bookingId", booking_version as "bookingVersion" from calendar_events
        where business_id = ${practice.businessId}::uuid`,
    );
    expect(rows).toEqual([{ bookingId: booked._id, bookingVersion: 3 }]);
  });

  it("shows a calendar connected afresh the bookings still to come, pending as tentative, none cancelled", async () => {
    const made: Record<string, string> = {};
    const practice = await connected(async (before) => {
      for (const [name, time] of [
        ["Still Pending", "2026-03-09T10:00:00-04:00"],
        ["Confirmed Already", "2026-03-10T10:00:00-04:00"],
        ["Called Off", "2026-03-11T10:00:00-04:00"],
      ] as const) {
        const booking = await staffBooking(server, before, name, time);
        made[name] = booking._id;
      }
      await staffPut(server, before.staff, made["Confirmed Already"]!, { status: "confirmed" });
      await staffPut(server, before.staff, made["Called Off"]!, { status: "cancelled" });
    });
    await allDelivered(practice);
    expect(
      fake.live(practice.calendarId).map((e) => ({ id: e.id, status: e.status, summary: e.summary })),
    ).toEqual([
      { id: eventIdOf(made["Still Pending"]!), status: "tentative", summary: "Cleaning · Still Pending" },
      {
        id: eventIdOf(made["Confirmed Already"]!),
        status: "confirmed",
        summary: "Cleaning · Confirmed Already",
      },
    ]);
    expect(writes(practice.calendarId)).toEqual(["POST (insert)", "POST (insert)"]);
  });

  it("rewrites the events of the bookings kept through a caller's erasure without their name and phone, past appointments too, at once", async () => {
    const practice = await connected();
    const kept = await staffBooking(server, practice, "Ada Lovelace", "2026-03-03T10:00:00-05:00");
    const cancelled = await staffBooking(server, practice, "Ada Lovelace", "2026-03-04T10:00:00-05:00");
    const past = await staffBooking(server, practice, "Ada Lovelace", "2026-03-05T10:00:00-05:00");
    await completeAt(practice, past._id, "2026-03-05T10:30:00-05:00");
    await allDelivered(practice);
    expect(fake.live(practice.calendarId).map((e) => e.summary)).toEqual([
      "Cleaning · Ada Lovelace",
      "Cleaning · Ada Lovelace",
      "Cleaning · Ada Lovelace",
    ]);
    const since = fake.calls().length;
    const response = await server.request("/api/privacy/caller/erase", {
      method: "POST",
      json: {
        name: "Ada Lovelace",
        decisions: [
          { bookingId: kept._id, decision: "keep" },
          { bookingId: cancelled._id, decision: "cancel" },
        ],
      },
      accessToken: practice.staff.accessToken,
    });
    expect(response.status).toBe(200);
    await allDelivered(practice);
    expect(
      fake.live(practice.calendarId).map((e) => ({ id: e.id, status: e.status, summary: e.summary })),
    ).toEqual([
      { id: eventIdOf(kept._id), status: "tentative", summary: "Cleaning · " },
      { id: eventIdOf(past._id), status: "confirmed", summary: "Cleaning · " },
    ]);
    expect(JSON.stringify(fake.live(practice.calendarId))).not.toMatch(/Lovelace|5559990000/);
    expect(writes(practice.calendarId, since).sort()).toEqual(
      [
        `DELETE /${eventIdOf(cancelled._id)}`,
        `PATCH /${eventIdOf(kept._id)}`,
        `PATCH /${eventIdOf(past._id)}`,
      ].sort(),
    );
  });

  it("rewrites the events of past appointments whose name and phone the retention purge removes", async () => {
    const practice = await connected();
    const done = await staffBooking(server, practice, "Grace Hopper", "2026-03-06T10:00:00-05:00");
    await completeAt(practice, done._id, "2026-03-06T10:30:00-05:00");
    const later = await staffBooking(server, practice, "Grace Hopper", "2026-04-20T10:00:00-04:00");
    await allDelivered(practice);
    const since = fake.calls().length;
    const run = await purgeBusinessRetention(
      server.db,
      {
        id: practice.businessId,
        timezone: "America/New_York",
        callContentDays: null,
        callRowDays: null,
        bookingPersonalDays: 1,
      },
      new Date("2026-03-10T12:00:00Z"),
    );
    expect(run.bookingsAnonymised).toBe(1);
    await allDelivered(practice);
    const shown = fake
      .live(practice.calendarId)
      .map((e) => ({ id: e.id, summary: e.summary, description: e.description }));
    expect(shown.sort((a, b) => (a.summary ?? "").localeCompare(b.summary ?? ""))).toEqual([
      {
        id: eventIdOf(done._id),
        summary: "Cleaning · ",
        description: `${PUBLIC_URL}/bookings?booking=${done._id}`,
      },
      {
        id: eventIdOf(later._id),
        summary: "Cleaning · Grace Hopper",
        description: `+15559990000\n${PUBLIC_URL}/bookings?booking=${later._id}`,
      },
    ]);
    expect(writes(practice.calendarId, since)).toEqual([`PATCH /${eventIdOf(done._id)}`]);
  });

  it("shows a calendar connected afresh each booking as it is when sent, never an older state after a newer one", async () => {
    fake.outage(true);
    let booked!: Awaited<ReturnType<typeof staffBooking>>;
    const practice = await connected(async (before) => {
      booked = await staffBooking(server, before, "Moved Twice", "2026-03-19T10:00:00-04:00");
    });
    try {
      // Staff move it twice while the backfill waits for Google: its two changes come after it.
      for (const time of ["2026-03-19T11:00:00-04:00", "2026-03-19T12:00:00-04:00"])
        await staffMove(practice, booked._id, at(time));
      await connectionUntil(practice.businessId, (c) => c.attempts >= 1);
    } finally {
      fake.outage(false);
    }
    const since = await nextRunDelivered(practice);
    expect(writes(practice.calendarId, since)).toEqual(["POST (insert)"]);
    expect(fake.live(practice.calendarId)).toEqual([
      expect.objectContaining({
        start: expect.objectContaining({ dateTime: at("2026-03-19T12:00:00-04:00") }),
      }),
    ]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "sends a calendar connected while any other transaction is open only the bookings still to come, none cancelled (PostgreSQL)",
    async () => {
      // A transaction of anyone's left open from before the bookings: the cursor starts before their rows.
      const elsewhere = held((tx) => rawRows(tx, sql`select pg_current_xact_id()`));
      await elsewhere.written;
      let practice!: Awaited<ReturnType<typeof connected>>;
      try {
        practice = await connected(async (before) => {
          await staffBooking(server, before, "Still Pending", "2026-03-09T10:00:00-04:00");
          const calledOff = await staffBooking(server, before, "Called Off", "2026-03-11T10:00:00-04:00");
          await staffPut(server, before.staff, calledOff._id, { status: "cancelled" });
        });
      } finally {
        await elsewhere.commit();
      }
      await allDelivered(practice);
      expect(fake.live(practice.calendarId).map((e) => e.summary)).toEqual(["Cleaning · Still Pending"]);
      // The cancelled booking's own rows, older than the calendar, are not replayed: no insert then delete.
      expect(writes(practice.calendarId)).toEqual(["POST (insert)"]);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "shows a calendar connected while a booking change commits that change, not the state the connect read (PostgreSQL)",
    async () => {
      const practice = await openPractice(server);
      const booked = await staffBooking(server, practice, "Racing", "2026-03-19T10:00:00-04:00");
      const moved = at("2026-03-19T13:00:00-04:00");
      // The move is written (an older transaction than the connect's) and commits while the connect runs.
      const change = held((tx) =>
        changeBooking(tx, {
          businessId: practice.businessId,
          bookingId: booked._id,
          actor: { kind: "staff", id: practice.staff.user.id, name: null },
          event: { type: "booking.reschedule", startTime: Date.parse(moved) },
          now: server.clock(),
        }),
      );
      await change.written;
      const calendarId = "racing@example.com";
      // Google is down until the helper has named the test's calendar (the connect wakes the delivery first).
      fake.outage(true);
      const connecting = connectCalendar(server.db, practice.businessId, calendarId, server.clock());
      // The connect has read the booking and waits for the move's lock on it (its rows reference the booking).
      await vi.waitFor(
        async () => {
          const [lock] = await rawRows<{ waiting: number }>(
            server.db,
            sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(lock!.waiting).toBe(1);
        },
        { timeout: 15_000, interval: 20 },
      );
      await change.commit();
      await connecting;
      fake.outage(false);
      server.clock.advance(MINUTE);
      await server.runDue();
      await allDelivered(practice);
      expect(fake.live(calendarId)).toEqual([
        expect.objectContaining({ start: expect.objectContaining({ dateTime: moved }) }),
      ]);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "shows a calendar connected afresh a booking made while it connected, whose transaction ends after a later one's (PostgreSQL)",
    async () => {
      const practice = await connected();
      const first = await staffBooking(server, practice, "First", "2026-03-23T10:00:00-04:00");
      await staffBooking(server, practice, "Other", "2026-03-23T11:00:00-04:00");
      await allDelivered(practice);
      const waitingForLocks = (count: number) =>
        vi.waitFor(
          async () => {
            const [lock] = await rawRows<{ waiting: number }>(
              server.db,
              sql`select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            );
            expect(lock!.waiting).toBe(count);
          },
          { timeout: 15_000, interval: 20 },
        );
      // Another account is connected: the connect takes its transaction id (the old connection's lock), then
      // waits on an event row of the old calendar that this transaction holds.
      const eventRow = held((tx) =>
        tx.execute(sql`select 1 from calendar_events where booking_id = ${first._id}::uuid for update`),
      );
      await eventRow.written;
      fake.outage(true);
      const calendarId = `second-${practice.calendarId}`;
      const connecting = connectCalendar(server.db, practice.businessId, calendarId, server.clock());
      await waitingForLocks(1);
      // Meanwhile a booking is made (a later transaction id, committed last), and a missed call reported (its
      // outbox row from a later transaction still, committed at once).
      const making = held((tx) =>
        createBooking(tx, {
          businessId: practice.businessId,
          actor: { kind: "staff", id: practice.staff.user.id, name: null },
          booking: {
            source: "staff",
            serviceId: practice.service._id,
            startTime: new Date("2026-03-23T14:00:00-04:00"),
            customerName: "Made Meanwhile",
            customerPhone: "+15559990000",
          },
          now: server.clock(),
        }),
      );
      await making.written;
      const missed = {
        externalId: "missed",
        callerNumber: "+15550001",
        startedAt: "2026-03-02",
        status: "missed",
      };
      expect((await reportCall(server, practice.key, missed)).status).toBe(201);
      await eventRow.commit();
      await connecting;
      await making.commit();
      fake.outage(false);
      server.clock.advance(MINUTE);
      await server.runDue();
      await allDelivered(practice);
      expect(fake.live(calendarId).map((e) => e.summary)).toEqual([
        "Cleaning · First",
        "Cleaning · Other",
        "Cleaning · Made Meanwhile",
      ]);
    },
  );

  it("makes no second event when Google made one but the answer was lost (a crash between its insert and our row)", async () => {
    const practice = await connected();
    fake.loseAnswers(1);
    const booked = await staffBooking(server, practice, "Lost Answer", "2026-03-06T10:00:00-05:00");
    await connectionUntil(practice.businessId, (c) => c.attempts === 1);
    expect(fake.live(practice.calendarId)).toHaveLength(1);
    server.clock.advance(MINUTE);
    await server.runDue();
    await allDelivered(practice);
    expect(fake.live(practice.calendarId)).toEqual([
      expect.objectContaining({ id: eventIdOf(booked._id), summary: "Cleaning · Lost Answer" }),
    ]);
    expect(writes(practice.calendarId)).toEqual([
      "POST (insert)",
      "POST (insert)",
      `PATCH /${eventIdOf(booked._id)}`,
    ]);
  });

  it("sends each change once, in order, with two instances on one database", async () => {
    const other = createCalendarDelivery({
      db: server.db,
      clock: server.clock,
      logger: createLogger("silent"),
      api: createCalendarApi({ baseUrl: fake.url, access: double.access }),
      access: double.access,
      appOrigin: null,
    });
    other.start();
    try {
      const practices = await Promise.all([connected(), connected(), connected()]);
      await Promise.all(
        practices.map(async (practice, p) => {
          for (let n = 0; n < 5; n++)
            await staffBooking(server, practice, `P${p} B${n}`, `2026-03-2${n}T1${p}:00:00-04:00`);
        }),
      );
      for (const [p, practice] of practices.entries()) {
        await allDelivered(practice);
        expect(fake.live(practice.calendarId).map((e) => e.summary)).toEqual(
          Array.from({ length: 5 }, (_, n) => `Cleaning · P${p} B${n}`),
        );
        expect(writes(practice.calendarId).filter((w) => w === "POST (insert)")).toHaveLength(5);
      }
    } finally {
      await other.stop();
    }
  });

  it("delivers each change once, in order, after Google was down for ten minutes", async () => {
    const practice = await connected();
    fake.outage(true);
    let booked: Awaited<ReturnType<typeof staffBooking>>;
    try {
      booked = await staffBooking(server, practice, "Outage", "2026-03-10T09:00:00-04:00");
      const moved = at("2026-03-11T09:00:00-04:00");
      await staffMove(practice, booked._id, moved);
      await staffPut(server, practice.staff, booked._id, { status: "confirmed" });
      await staffBooking(server, practice, "Second", "2026-03-12T09:00:00-04:00");
      await connectionUntil(practice.businessId, (c) => c.attempts >= 1);
      for (let minute = 0; minute < 10; minute++) {
        const { attempts } = await connectionOf(practice.businessId);
        server.clock.advance(MINUTE);
        await server.runDue();
        await connectionUntil(practice.businessId, (c) => c.attempts > attempts);
      }
      expect((await connectionOf(practice.businessId)).lastError).toMatch(/503 backendError/);
      expect(fake.events(practice.calendarId)).toEqual([]);
    } finally {
      fake.outage(false);
    }
    const since = await nextRunDelivered(practice);
    const id = eventIdOf(booked._id);
    expect(writes(practice.calendarId, since)).toEqual([
      "POST (insert)",
      `PATCH /${id}`,
      `PATCH /${id}`,
      "POST (insert)",
    ]);
    expect(fake.live(practice.calendarId).map((e) => [e.summary, e.status, e.start?.dateTime])).toEqual([
      ["Cleaning · Outage", "confirmed", at("2026-03-11T09:00:00-04:00")],
      ["Cleaning · Second", "tentative", at("2026-03-12T09:00:00-04:00")],
    ]);
    expect(await connectionOf(practice.businessId)).toMatchObject({ attempts: 0, lastError: null });
  });

  for (const status of [429, 403] as const) {
    it(`waits as long as Google's ${status} rateLimitExceeded asks (Retry-After), then sends`, async () => {
      const practice = await connected();
      fake.rateLimit(30, 1, status);
      const asked = server.clock().getTime();
      await staffBooking(server, practice, "Patient", "2026-03-13T09:00:00-04:00");
      const postponed = await connectionUntil(practice.businessId, (c) => c.attempts === 1);
      expect(postponed.lastError).toMatch(new RegExp(`${status} rateLimitExceeded`));
      expect(Date.parse(postponed.nextAttemptAt) - asked).toBe(30 * SECOND);
      server.clock.advance(29 * SECOND);
      await server.runDue();
      expect(fake.live(practice.calendarId)).toEqual([]);
      server.clock.advance(SECOND);
      await server.runDue();
      await allDelivered(practice);
      expect(fake.live(practice.calendarId)).toHaveLength(1);
    });
  }

  it("marks the connection broken when the calendar is deleted, holds every change, and delivers each once after a reconnect", async () => {
    const practice = await connected();
    fake.deleteCalendar(practice.calendarId);
    const first = await staffBooking(server, practice, "Held One", "2026-03-16T09:00:00-04:00");
    const broken = await connectionUntil(practice.businessId, (c) => c.brokenAt !== null);
    expect(broken.deliveredThroughId).toBeLessThan(broken.newest);
    expect(double.broken()).toEqual([
      { businessId: practice.businessId, reason: expect.stringMatching(/404 notFound/) },
    ]);
    // While broken, changes wait (no grant, nothing claimed).
    await staffPut(server, practice.staff, first._id, { status: "confirmed" });
    await staffBooking(server, practice, "Held Two", "2026-03-17T09:00:00-04:00");
    server.clock.advance(MINUTE);
    await server.runDue();
    expect(writes(practice.calendarId)).toEqual(["POST (insert)"]);
    // The owner reconnects (the OAuth side clears broken_at): everything goes, once, in order.
    fake.restoreCalendar(practice.calendarId);
    await server.db.execute(
      sql`update calendar_connections set broken_at = null, broken_reason = null
        where business_id = ${practice.businessId}::uuid`,
    );
    server.clock.advance(MINUTE);
    await server.runDue();
    await allDelivered(practice);
    expect(fake.live(practice.calendarId).map((e) => [e.summary, e.status])).toEqual([
      ["Cleaning · Held One", "confirmed"],
      ["Cleaning · Held Two", "tentative"],
    ]);
    expect(writes(practice.calendarId)).toEqual([
      "POST (insert)",
      "POST (insert)",
      `PATCH /${eventIdOf(first._id)}`,
      "POST (insert)",
    ]);
  });

  it("takes a 404 on one event for that event gone, not the calendar: a change puts it up for review, a cancel is done", async () => {
    const practice = await connected();
    const moved = await staffBooking(server, practice, "Moved Away", "2026-03-16T09:00:00-04:00");
    const cancelled = await staffBooking(server, practice, "Cancelled", "2026-03-16T10:00:00-04:00");
    await allDelivered(practice);
    // The owner moves both events to another calendar of theirs: this one answers 404 for them.
    fake.moveEvent(practice.calendarId, eventIdOf(moved._id), "elsewhere@example.com");
    fake.moveEvent(practice.calendarId, eventIdOf(cancelled._id), "elsewhere@example.com");
    await staffPut(server, practice.staff, moved._id, { status: "confirmed" });
    await staffPut(server, practice.staff, cancelled._id, { status: "cancelled" });
    const later = await staffBooking(server, practice, "Later", "2026-03-17T09:00:00-04:00");
    await allDelivered(practice);
    expect((await connectionOf(practice.businessId)).brokenAt).toBeNull();
    expect(fake.live(practice.calendarId).map((e) => e.id)).toEqual([eventIdOf(later._id)]);
    const events = await rawRows<{ bookingId: string; deleted: boolean }>(
      server.db,
      sql`select booking_id as "bookingId", deleted_in_google_at is not null as deleted from calendar_events
        where business_id = ${practice.businessId}::uuid order by deleted desc`,
    );
    expect(events).toEqual([
      { bookingId: moved._id, deleted: true },
      { bookingId: later._id, deleted: false },
    ]);
  });

  it("keeps in the outbox purge the rows the calendar has not passed", async () => {
    const practice = await connected();
    fake.deleteCalendar(practice.calendarId);
    await staffBooking(server, practice, "Kept", "2026-03-18T09:00:00-04:00");
    await connectionUntil(practice.businessId, (c) => c.brokenAt !== null);
    await outboxPurgeJob({ db: server.db, logger: createLogger("silent") }).run(
      new Date(server.clock().getTime() + (OUTBOX_KEEP_DAYS + 1) * DAY),
    );
    const [outbox] = await rawRows<{ rows: number }>(
      server.db,
      sql`select count(*)::int as rows from outbox where business_id = ${practice.businessId}::uuid`,
    );
    expect(outbox!.rows).toBe(1);
  });
});
