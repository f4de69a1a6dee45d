import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteCalendarConnection } from "../../src/server/calendar/calendar-connection.repo";
import { eventIdOf } from "../../src/server/calendar/calendar-event-fields";
import { rawRows } from "../../src/server/db/raw-rows";
import type { Slot } from "../../src/shared/availability.schema";
import type { BookingDetail, BookingsToReview } from "../../src/shared/booking.schema";
import type { CalendarEvent } from "../../src/shared/calendar-events.schema";
import type { DashboardStats } from "../../src/shared/dashboard.schema";
import { connectCalendar } from "../support/calendar-access-double";
import type { FakeGoogleCalendar } from "../support/fake-google-calendar";
import { signIn } from "../support/server-accounts";
import {
  assistantBookingOf,
  assistantRequest,
  bookAsAssistant,
  errorOf,
  openPractice,
  type Practice,
  staffBooking,
  staffCreate,
  staffPut,
} from "../support/server-bookings";
import { calendarTestSetup, serverCalendar } from "../support/server-calendar";
import { dataOf } from "../support/server-calls";
import { MINUTE } from "../support/server-clock";
import type { TestServer } from "../support/server-harness";

/** Set: Google can post to us, so calendars are watched. */
const PUBLIC_URL = "https://portal.example.com";

const setup = calendarTestSetup({ PUBLIC_URL });
let fake: FakeGoogleCalendar;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await setup.start());
});
afterAll(() => setup.close());

const { connected, connectionOf, connectionUntil, allDelivered } = serverCalendar(() => server);
type Connected = Awaited<ReturnType<typeof connected>>;

/** The scheduled check of every calendar, as the scheduler runs it five minutes on. */
async function checkCalendars() {
  server.clock.advance(5 * MINUTE);
  expect(await server.runDue()).toContain("calendar-check");
}

const at = (iso: string) => new Date(iso).toISOString();
/** The booking as staff read it, signed in anew (the checks move the clock past an access token's life). */
const detailOf = async (practice: Practice, id: string) => {
  const { accessToken } = await signIn(server, practice.staff.user.email, "correct horse");
  return dataOf<BookingDetail>(await server.request(`/api/bookings/${id}`, { accessToken }));
};

/** A booking at Tuesday 10:00 in New York, in the practice's calendar. */
async function bookedAndSynced(practice: Connected, customerName = "Ada Lovelace") {
  const booked = await staffBooking(server, practice, customerName, "2026-03-03T10:00:00-05:00");
  await allDelivered(practice);
  return { booked, eventId: eventIdOf(booked._id) };
}

describe("Google → CallDesk", () => {
  it("takes a busy time of the calendar out of the staff's and the assistant's free slots, not our own events", async () => {
    const practice = await connected();
    await bookedAndSynced(practice);
    fake.addEvent(practice.calendarId, {
      summary: "Dentist",
      start: { dateTime: "2026-03-03T11:00:00-05:00" },
      end: { dateTime: "2026-03-03T12:00:00-05:00" },
    });
    // A free-time entry of the owner's blocks nothing.
    fake.addEvent(practice.calendarId, {
      summary: "Reading",
      transparency: "transparent",
      start: { dateTime: "2026-03-03T14:00:00-05:00" },
      end: { dateTime: "2026-03-03T15:00:00-05:00" },
    });
    const query = `serviceId=${practice.service._id}&from=2026-03-03&to=2026-03-03`;
    const starts = async () => ({
      staff: (
        await dataOf<Slot[]>(
          await server.request(`/api/availability/slots?${query}`, {
            accessToken: practice.staff.accessToken,
          }),
        )
      ).map((s) => s.start.slice(11, 16)),
      assistant: (
        await dataOf<Slot[]>(
          await server.request(`/api/assistant/slots?${query}`, { headers: { "x-api-key": practice.key } }),
        )
      ).map((s) => s.start.slice(11, 16)),
    });
    const before = await starts();
    expect(before.staff).toContain("11:00");
    await checkCalendars();
    const after = await starts();
    expect(after.assistant).toEqual(after.staff);
    expect(after.staff).not.toContain("11:00");
    expect(after.staff).not.toContain("11:30");
    expect(before.staff.filter((s) => !after.staff.includes(s))).toEqual([
      "10:45",
      "11:00",
      "11:15",
      "11:30",
      "11:45",
    ]);
    expect(after.staff).toContain("14:00");
    // Only the dentist is kept, and shown to staff: the booking's own event is not busy time on top of it.
    const busyOf = (staff: { accessToken: string }, from: string, to: string) =>
      server.request(`/api/calendar/busy?from=${from}&to=${to}`, { accessToken: staff.accessToken });
    const week = ["2026-03-02T05:00:00Z", "2026-03-09T05:00:00Z"] as const;
    expect(await dataOf(await busyOf(practice.staff, ...week))).toEqual([
      { start: at("2026-03-03T11:00:00-05:00"), end: at("2026-03-03T12:00:00-05:00") },
    ]);
    expect(await dataOf(await busyOf(practice.staff, "2026-03-04T05:00:00Z", week[1]))).toEqual([]);
    const other = await openPractice(server);
    expect(await dataOf(await busyOf(other.staff, ...week))).toEqual([]);
    const tooLong = await busyOf(practice.staff, week[0], "2026-06-01T00:00:00Z");
    expect(tooLong.status).toBe(400);
    expect(await errorOf(tooLong)).toMatchObject({ field: "to" });
    expect((await connectionOf(practice.businessId)).lastCheckedAt).toBe(server.clock().toISOString());
  });

  it("refuses the assistant a booking or a move onto a busy time of the calendar, not onto its own event's", async () => {
    const practice = await connected();
    const { booked } = await bookedAndSynced(practice);
    fake.addEvent(practice.calendarId, {
      summary: "Dentist",
      start: { dateTime: "2026-03-03T11:00:00-05:00" },
      end: { dateTime: "2026-03-03T12:00:00-05:00" },
    });
    await checkCalendars();
    // Not offered as a slot, so not bookable either: taken, with the day's next free times.
    const onBusy = await bookAsAssistant(server, practice, { startTime: "2026-03-03T11:30:00-05:00" });
    expect(onBusy.status).toBe(409);
    expect(await errorOf(onBusy)).toMatchObject({
      code: "SLOT_TAKEN",
      nextFreeSlots: expect.arrayContaining(["2026-03-03T12:00:00-05:00"]),
    });
    // The buffers count as in the free slots: 10:45's appointment runs into the dentist.
    const intoBusy = await bookAsAssistant(server, practice, { startTime: "2026-03-03T10:45:00-05:00" });
    expect(intoBusy.status).toBe(409);
    const move = (startTime: string) =>
      assistantRequest(server, practice.key, `/${booked._id}`, {
        method: "PUT",
        json: { action: "reschedule", startTime },
      });
    const moveOnBusy = await move("2026-03-03T11:00:00-05:00");
    expect(moveOnBusy.status).toBe(409);
    expect(await errorOf(moveOnBusy)).toMatchObject({ code: "SLOT_TAKEN" });
    // Its own event in Google (10:00–10:30) is no busy time of the calendar: a move over it goes through.
    const moveOverOwn = await move("2026-03-03T10:15:00-05:00");
    expect(moveOverOwn.status).toBe(200);
    expect((await assistantBookingOf(moveOverOwn)).startTime).toBe("2026-03-03T10:15:00-05:00");
    // Staff may book over the owner's own calendar (only another booking refuses them).
    const walkIn = await staffCreate(server, practice, { startTime: at("2026-03-03T11:00:00-05:00") });
    expect(walkIn.status).toBe(201);
  });

  it("keeps nothing of a check that was waiting for Google while staff disconnected or connected another account", async () => {
    const practice = await connected();
    fake.addEvent(practice.calendarId, {
      summary: "Dentist",
      start: { dateTime: "2026-03-03T11:00:00-05:00" },
      end: { dateTime: "2026-03-03T12:00:00-05:00" },
    });
    const busyKept = async () =>
      rawRows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from calendar_busy where business_id = ${practice.businessId}::uuid`,
      ).then(([row]) => row!.n);
    const resync = () =>
      server.request("/api/calendar/resync", { method: "POST", accessToken: practice.staff.accessToken });
    /** `hook` runs during the check's last call to Google: the listing of our events beside freeBusy. */
    const duringLastCall = (hook: () => Promise<unknown>) =>
      fake.beforeNextList(async () => fake.beforeNextList(async () => void (await hook())));
    // Disconnected then: the busy times must not come back with no connection to own them.
    duringLastCall(() =>
      deleteCalendarConnection(server.db, {
        businessId: practice.businessId,
        userId: practice.staff.user.id,
        now: server.clock(),
      }),
    );
    await resync();
    expect(await busyKept()).toBe(0);
    // Another account connected meanwhile: the old calendar's busy times and sync token are not its own.
    await connectCalendar(server.db, practice.businessId, practice.calendarId, server.clock());
    server.clock.advance(MINUTE);
    duringLastCall(() =>
      connectCalendar(server.db, practice.businessId, "another-account@example.com", server.clock()),
    );
    await resync();
    expect(await busyKept()).toBe(0);
    expect(
      await rawRows(
        server.db,
        sql`select email, sync_token as "syncToken", last_checked_at as "lastCheckedAt"
          from calendar_connections where business_id = ${practice.businessId}::uuid`,
      ),
    ).toEqual([{ email: "another-account@example.com", syncToken: null, lastCheckedAt: null }]);
  });

  it("applies no move a check found in the old calendar while staff disconnected and connected another account", async () => {
    const practice = await connected();
    const { booked, eventId } = await bookedAndSynced(practice);
    await checkCalendars();
    fake.editEvent(practice.calendarId, eventId, {
      start: { dateTime: "2026-03-03T13:00:00-05:00" },
      end: { dateTime: "2026-03-03T13:30:00-05:00" },
    });
    server.clock.advance(MINUTE);
    // While the check waits for the old calendar's listing, staff switch to another account.
    fake.beforeNextList(async () => {
      await deleteCalendarConnection(server.db, {
        businessId: practice.businessId,
        userId: practice.staff.user.id,
        now: server.clock(),
      });
      await connectCalendar(server.db, practice.businessId, "someone-else@example.com", server.clock());
    });
    const { accessToken } = await signIn(server, practice.staff.user.email, "correct horse");
    await server.request("/api/calendar/resync", { method: "POST", accessToken });
    const detail = await detailOf(practice, booked._id);
    expect(detail).toMatchObject({ startTime: at("2026-03-03T10:00:00-05:00"), version: 1 });
    expect(detail.timeline.map((entry) => entry.actor.kind)).not.toContain("calendar");
    await allDelivered(practice);
    expect(fake.live("someone-else@example.com")).toEqual([
      expect.objectContaining({
        id: eventId,
        start: expect.objectContaining({ dateTime: at("2026-03-03T10:00:00-05:00") }),
      }),
    ]);
  });

  it("takes the same account connected again after a disconnect up where it was: one event per live booking, the review kept", async () => {
    const practice = await connected();
    const kept = await staffBooking(server, practice, "Kept", "2026-03-03T10:00:00-05:00");
    const deletedThere = await staffBooking(server, practice, "Deleted There", "2026-03-03T11:00:00-05:00");
    const calledOff = await staffBooking(server, practice, "Called Off", "2026-03-03T12:00:00-05:00");
    const movedHere = await staffBooking(server, practice, "Moved Here", "2026-03-03T13:00:00-05:00");
    await allDelivered(practice);
    await checkCalendars();
    fake.deleteEvent(practice.calendarId, eventIdOf(deletedThere._id));
    await checkCalendars();
    const reviewed = (await detailOf(practice, deletedThere._id)).calendar?.deletedInGoogleAt;
    expect(reviewed).not.toBeNull();
    await deleteCalendarConnection(server.db, {
      businessId: practice.businessId,
      userId: practice.staff.user.id,
      now: server.clock(),
    });
    // While no calendar is connected: one booking is called off, another made, one moved here while the
    // owner deleted its event there.
    const staff = await signIn(server, practice.staff.user.email, "correct horse");
    expect((await staffPut(server, staff, calledOff._id, { status: "cancelled" })).status).toBe(200);
    const moving = { status: "pending", startTime: at("2026-03-03T15:00:00-05:00"), outsideHours: true };
    expect((await staffPut(server, staff, movedHere._id, moving)).status).toBe(200);
    fake.deleteEvent(practice.calendarId, eventIdOf(movedHere._id));
    const made = await staffBooking(server, practice, "Made Meanwhile", "2026-03-03T14:00:00-05:00");
    server.clock.advance(MINUTE);
    // Google down until the helper has named the test's calendar (the connect wakes the delivery first).
    fake.outage(true);
    await connectCalendar(server.db, practice.businessId, practice.calendarId, server.clock());
    fake.outage(false);
    await checkCalendars();
    await allDelivered(practice);
    await checkCalendars();
    expect(fake.live(practice.calendarId).map((e) => e.id)).toEqual([
      eventIdOf(kept._id),
      eventIdOf(made._id),
    ]);
    expect((await detailOf(practice, deletedThere._id)).calendar?.deletedInGoogleAt).toBe(reviewed);
    expect((await detailOf(practice, kept._id)).calendar?.deletedInGoogleAt).toBeNull();
    expect((await detailOf(practice, movedHere._id)).calendar?.deletedInGoogleAt).not.toBeNull();
  });

  it("moves the booking when its event is moved in Google, keeping its duration, with the calendar in the timeline", async () => {
    const practice = await connected();
    const { booked, eventId } = await bookedAndSynced(practice);
    await checkCalendars();
    fake.editEvent(practice.calendarId, eventId, {
      start: { dateTime: "2026-03-03T13:00:00-05:00" },
      end: { dateTime: "2026-03-03T14:15:00-05:00" },
    });
    await checkCalendars();
    const detail = await detailOf(practice, booked._id);
    expect(detail).toMatchObject({
      startTime: at("2026-03-03T13:00:00-05:00"),
      endTime: at("2026-03-03T13:30:00-05:00"),
      calendar: { deletedInGoogleAt: null, moveRefusal: null },
    });
    expect(detail.timeline.at(-1)).toMatchObject({
      action: "reschedule",
      actor: { kind: "calendar", name: practice.calendarId },
      fromStartTime: at("2026-03-03T10:00:00-05:00"),
      toStartTime: at("2026-03-03T13:00:00-05:00"),
    });
    // The move goes back to Google as any change does: the event keeps the booking's duration.
    await allDelivered(practice);
    expect(fake.live(practice.calendarId)[0]!.end).toMatchObject({
      dateTime: at("2026-03-03T13:30:00-05:00"),
    });
  });

  it("does not take the old time of an event for a move made in Google while our own change is on its way", async () => {
    const practice = await connected();
    const { booked } = await bookedAndSynced(practice);
    await checkCalendars();
    // Google holds our reschedule back (429 for a minute); a full resync meanwhile sees the event's old time.
    fake.rateLimit(60, 1);
    const moved = at("2026-03-03T13:00:00-05:00");
    const { accessToken } = await signIn(server, practice.staff.user.email, "correct horse");
    const put = await server.request(`/api/bookings/${booked._id}`, {
      method: "PUT",
      json: { status: "pending", startTime: moved, outsideHours: true },
      accessToken,
    });
    expect(put.status).toBe(200);
    await connectionUntil(practice.businessId, (c) => c.attempts === 1);
    const resynced = await server.request("/api/calendar/resync", { method: "POST", accessToken });
    expect(resynced.status).toBe(200);
    expect(await detailOf(practice, booked._id)).toMatchObject({
      startTime: moved,
      version: 2,
      calendar: { moveRefusal: null },
    });
    server.clock.advance(MINUTE);
    await server.runDue();
    await allDelivered(practice);
    expect(fake.live(practice.calendarId)[0]!.start).toMatchObject({ dateTime: moved });
  });

  it("refuses a move made in Google that breaks a rule, noting why, and leaves the booking where it was", async () => {
    const practice = await connected();
    const { booked, eventId } = await bookedAndSynced(practice);
    const other = await staffBooking(server, practice, "Grace Hopper", "2026-03-03T15:00:00-05:00");
    await allDelivered(practice);
    await checkCalendars();
    // After closing time.
    fake.editEvent(practice.calendarId, eventId, {
      start: { dateTime: "2026-03-03T19:00:00-05:00" },
      end: { dateTime: "2026-03-03T19:30:00-05:00" },
    });
    await checkCalendars();
    expect(await detailOf(practice, booked._id)).toMatchObject({
      startTime: at("2026-03-03T10:00:00-05:00"),
      version: 1,
      calendar: { moveRefusal: { code: "OUTSIDE_HOURS", movedTo: at("2026-03-03T19:00:00-05:00") } },
    });
    // Onto another booking.
    fake.editEvent(practice.calendarId, eventId, {
      start: { dateTime: "2026-03-03T15:00:00-05:00" },
      end: { dateTime: "2026-03-03T15:30:00-05:00" },
    });
    await checkCalendars();
    expect(await detailOf(practice, booked._id)).toMatchObject({
      startTime: at("2026-03-03T10:00:00-05:00"),
      version: 1,
      calendar: { moveRefusal: { code: "SLOT_TAKEN", movedTo: at("2026-03-03T15:00:00-05:00") } },
    });
    expect((await detailOf(practice, other._id)).startTime).toBe(at("2026-03-03T15:00:00-05:00"));
  });

  it("puts a booking whose event was deleted in Google up for review instead of cancelling it", async () => {
    const practice = await connected();
    const { booked, eventId } = await bookedAndSynced(practice);
    await checkCalendars();
    expect(fake.deleteEvent(practice.calendarId, eventId)).toBe(204);
    await checkCalendars();
    const detail = await detailOf(practice, booked._id);
    expect(detail.status).toBe("pending");
    expect(detail.calendar).toEqual({ deletedInGoogleAt: server.clock().toISOString(), moveRefusal: null });
  });

  it("sends Google a change staff made while the event was deleted there, once the owner puts the event back", async () => {
    const practice = await connected();
    const { booked, eventId } = await bookedAndSynced(practice);
    await checkCalendars();
    fake.deleteEvent(practice.calendarId, eventId);
    await checkCalendars();
    // Staff move it meanwhile: not sent, it would bring the event back behind the owner's back.
    const staff = await signIn(server, practice.staff.user.email, "correct horse");
    const moved = at("2026-03-03T13:00:00-05:00");
    expect(
      (await staffPut(server, staff, booked._id, { status: "pending", startTime: moved, outsideHours: true }))
        .status,
    ).toBe(200);
    await allDelivered(practice);
    expect(fake.events(practice.calendarId)[0]!.start).toMatchObject({
      dateTime: at("2026-03-03T10:00:00-05:00"),
    });
    // The owner puts it back: the next check clears the review and sends the booking as it is now.
    expect(fake.editEvent(practice.calendarId, eventId, { status: "tentative" })).toBe(200);
    await checkCalendars();
    await allDelivered(practice);
    expect(fake.live(practice.calendarId)[0]!.start).toMatchObject({ dateTime: moved });
    expect((await detailOf(practice, booked._id)).calendar).toEqual({
      deletedInGoogleAt: null,
      moveRefusal: null,
    });
    // And a move made in Google from then on is taken, not mistaken for our change still on its way.
    await checkCalendars();
    fake.editEvent(practice.calendarId, eventId, {
      start: { dateTime: "2026-03-03T14:00:00-05:00" },
      end: { dateTime: "2026-03-03T14:30:00-05:00" },
    });
    await checkCalendars();
    expect((await detailOf(practice, booked._id)).startTime).toBe(at("2026-03-03T14:00:00-05:00"));
  });

  it("does not take a move of ours, delivered while Google was being asked, for a move made in Google", async () => {
    const practice = await connected();
    const { booked } = await bookedAndSynced(practice);
    await checkCalendars();
    // Staff move it past closing time while the check waits for Google's listing, and the move reaches
    // Google first: the listing shows our own new time, which the check's bookings (read before) do not know.
    fake.beforeNextList(async () => {
      const staff = await signIn(server, practice.staff.user.email, "correct horse");
      const moving = await staffPut(server, staff, booked._id, {
        status: "pending",
        startTime: at("2026-03-03T19:00:00-05:00"),
        outsideHours: true,
      });
      expect(moving.status).toBe(200);
      await allDelivered(practice);
    });
    await checkCalendars();
    expect(await detailOf(practice, booked._id)).toMatchObject({
      startTime: at("2026-03-03T19:00:00-05:00"),
      calendar: { deletedInGoogleAt: null, moveRefusal: null },
    });
  });

  it("lists the bookings deleted or moved in Google for staff's review, only the business's own, until each is settled", async () => {
    const practice = await connected();
    const deleted = await staffBooking(server, practice, "Ada Lovelace", "2026-03-03T10:00:00-05:00");
    const moved = await staffBooking(server, practice, "Grace Hopper", "2026-03-03T11:00:00-05:00");
    await staffBooking(server, practice, "Untouched", "2026-03-03T12:00:00-05:00");
    await allDelivered(practice);
    await checkCalendars();
    expect(fake.deleteEvent(practice.calendarId, eventIdOf(deleted._id))).toBe(204);
    fake.editEvent(practice.calendarId, eventIdOf(moved._id), {
      start: { dateTime: "2026-03-03T19:00:00-05:00" },
      end: { dateTime: "2026-03-03T19:30:00-05:00" },
    });
    await checkCalendars();
    const reviewOf = async (staff: { user: { email: string } }) => {
      const { accessToken } = await signIn(server, staff.user.email, "correct horse");
      return dataOf<BookingsToReview>(await server.request("/api/bookings/review", { accessToken }));
    };
    expect(await reviewOf(practice.staff)).toMatchObject({ total: 2 });
    expect((await reviewOf(practice.staff)).data).toEqual([
      { ...deleted, calendar: { deletedInGoogleAt: server.clock().toISOString(), moveRefusal: null } },
      {
        ...moved,
        calendar: {
          deletedInGoogleAt: null,
          moveRefusal: { code: "OUTSIDE_HOURS", movedTo: at("2026-03-03T19:00:00-05:00") },
        },
      },
    ]);
    const other = await connected();
    expect((await reviewOf(other.staff)).data).toEqual([]);

    // Staff decide: the deleted one is cancelled; the moved one is given another time, which goes to Google.
    const staff = await signIn(server, practice.staff.user.email, "correct horse");
    expect((await staffPut(server, staff, deleted._id, { status: "cancelled" })).status).toBe(200);
    expect((await reviewOf(practice.staff)).data.map((b) => b._id)).toEqual([moved._id]);
    const moving = await staffPut(server, staff, moved._id, {
      status: "pending",
      startTime: at("2026-03-03T14:00:00-05:00"),
      outsideHours: true,
    });
    expect(moving.status).toBe(200);
    // Once the new time is in Google, the refusal is settled.
    await allDelivered(practice);
    expect(await reviewOf(practice.staff)).toEqual({ data: [], total: 0 });
    expect((await detailOf(practice, moved._id)).calendar).toEqual({
      deletedInGoogleAt: null,
      moveRefusal: null,
    });
  });

  it("syncs everything again when Google says the sync token is stale (410), finding moves and deletions", async () => {
    const practice = await connected();
    const moved = await bookedAndSynced(practice, "Moved");
    const gone = await staffBooking(server, practice, "Gone", "2026-03-04T10:00:00-05:00");
    await allDelivered(practice);
    await checkCalendars();
    fake.editEvent(practice.calendarId, moved.eventId, {
      start: { dateTime: "2026-03-03T12:00:00-05:00" },
      end: { dateTime: "2026-03-03T12:30:00-05:00" },
    });
    fake.deleteEvent(practice.calendarId, eventIdOf(gone._id));
    fake.expireSyncTokens(practice.calendarId);
    await checkCalendars();
    expect((await detailOf(practice, moved.booked._id)).startTime).toBe(at("2026-03-03T12:00:00-05:00"));
    expect((await detailOf(practice, gone._id)).calendar?.deletedInGoogleAt).toBe(
      server.clock().toISOString(),
    );
  });

  it("counts on the dashboard today's bookings whose event is really in the calendar", async () => {
    const practice = await connected();
    await bookedAndSynced(practice, "Synced");
    await staffBooking(server, practice, "Deleted There", "2026-03-04T10:00:00-05:00");
    await allDelivered(practice);
    const deleted = fake.live(practice.calendarId).find((e) => e.summary?.includes("Deleted There"))!;
    fake.deleteEvent(practice.calendarId, deleted.id);
    await checkCalendars();
    fake.deleteCalendar(practice.calendarId);
    await staffBooking(server, practice, "Not Delivered", "2026-03-05T10:00:00-05:00");
    await allDeliveredOrBroken(practice);
    const stats = await dataOf<DashboardStats>(
      await server.request("/api/dashboard/stats", { accessToken: practice.staff.accessToken }),
    );
    expect(stats).toMatchObject({ newBookings: 3, googleCalendarSynced: 1 });
  });
});

/** Waits until the calendar is broken (the calendar was deleted) or has every row. */
const allDeliveredOrBroken = (practice: Practice) =>
  connectionUntil(practice.businessId, (c) => c.brokenAt !== null || c.deliveredThroughId === c.newest);

describe("Push notifications", () => {
  it("watches the calendar, renews the channel before it expires, and checks at once when Google posts a change", async () => {
    const practice = await connected();
    const { booked, eventId } = await bookedAndSynced(practice);
    server.clock.advance(60 * MINUTE);
    expect(await server.runDue()).toContain("calendar-watch");
    const [channel] = fake.channels().filter((c) => c.calendarId === practice.calendarId);
    expect(channel).toMatchObject({ address: `${PUBLIC_URL}/api/calendar/notifications`, type: "web_hook" });
    fake.editEvent(practice.calendarId, eventId, {
      start: { dateTime: "2026-03-03T14:00:00-05:00" },
      end: { dateTime: "2026-03-03T14:30:00-05:00" },
    });
    const post = (headers: Record<string, string>) =>
      server.request("/api/calendar/notifications", { method: "POST", headers, origin: null });
    const forged = await post({ ...fake.notification(channel!.id), "x-goog-channel-token": "guess" });
    expect(forged.status).toBe(404);
    expect((await detailOf(practice, booked._id)).startTime).toBe(at("2026-03-03T10:00:00-05:00"));
    expect((await post(fake.notification(channel!.id))).status).toBe(200);
    expect((await detailOf(practice, booked._id)).startTime).toBe(at("2026-03-03T14:00:00-05:00"));
    // Six days on the channel has a day left: a new one replaces it and the old one is stopped.
    server.clock.advance(6 * 24 * 60 * MINUTE + MINUTE);
    await server.runDue();
    const channels = fake.channels().filter((c) => c.calendarId === practice.calendarId);
    expect(channels.map((c) => c.id)).not.toContain(channel!.id);
    expect(channels).toHaveLength(1);
  });
});

describe("Push channels of a connection gone", () => {
  it("gives the connection made while Google opened a channel none of the old calendar's, and watches its own", async () => {
    const practice = await connected();
    const other = `switched-${practice.calendarId}`;
    fake.beforeNextWatch(practice.calendarId, async () => {
      await deleteCalendarConnection(server.db, {
        businessId: practice.businessId,
        userId: practice.staff.user.id,
        now: server.clock(),
      });
      await connectCalendar(server.db, practice.businessId, other, server.clock());
    });
    server.clock.advance(60 * MINUTE);
    expect(await server.runDue()).toContain("calendar-watch");
    expect(fake.channels().filter((c) => c.calendarId === practice.calendarId)).toEqual([]);
    server.clock.advance(60 * MINUTE);
    expect(await server.runDue()).toContain("calendar-watch");
    expect(fake.channels().filter((c) => c.calendarId === other)).toHaveLength(1);
  });
});

describe("Push channels stopped", () => {
  /** A practice whose calendar is watched (the hourly job opened its channel), and that channel. */
  const watched = async () => {
    const practice = await connected();
    server.clock.advance(60 * MINUTE);
    expect(await server.runDue()).toContain("calendar-watch");
    const channel = fake.channels().find((c) => c.calendarId === practice.calendarId)!;
    const { accessToken } = await signIn(server, practice.staff.user.email, "correct horse");
    return { practice, channel, accessToken };
  };
  const stoppedAsNamed = (channel: { id: string; resourceId: string }) => ({
    id: channel.id,
    resourceId: channel.resourceId,
  });

  it("stops the channel at Google when staff disconnect, and disconnects all the same when Google fails", async () => {
    const { channel, accessToken } = await watched();
    const disconnect = (token: string) =>
      server.request("/api/calendar/disconnect", { method: "POST", accessToken: token });
    expect((await disconnect(accessToken)).status).toBe(200);
    expect(fake.stopped()).toContainEqual(stoppedAsNamed(channel));
    expect(fake.channels().map((c) => c.id)).not.toContain(channel.id);

    const down = await watched();
    fake.outage(true);
    try {
      expect((await disconnect(down.accessToken)).status).toBe(200);
    } finally {
      fake.outage(false);
    }
    expect(fake.stopped()).not.toContainEqual(stoppedAsNamed(down.channel));
    expect(
      await rawRows(
        server.db,
        sql`select 1 from calendar_connections where business_id = ${down.practice.businessId}::uuid`,
      ),
    ).toEqual([]);
  });

  it("stops the channel at Google when the business is deleted", async () => {
    const { practice, channel, accessToken } = await watched();
    const deleted = await server.request("/api/privacy/delete-business", {
      json: { businessName: practice.staff.user.businessName },
      accessToken,
    });
    expect(deleted.status).toBe(200);
    expect(fake.stopped()).toContainEqual(stoppedAsNamed(channel));
  });
});

describe("Calendar events routes", () => {
  const call = (practice: Practice, path: string, init: { method?: string; json?: unknown } = {}) =>
    server.request(`/api/calendar${path}`, { ...init, accessToken: practice.staff.accessToken });

  it("lists, adds, changes and deletes events of the connected calendar only, and refuses to touch a booking's", async () => {
    const practice = await connected();
    const { booked, eventId } = await bookedAndSynced(practice);
    const created = await call(practice, "/events", {
      json: { summary: "Supplier", start: "2026-03-03T14:00:00-05:00", end: "2026-03-03T15:00:00-05:00" },
    });
    expect(created.status).toBe(201);
    const supplier = await dataOf<CalendarEvent>(created);
    const listed = await dataOf<CalendarEvent[]>(
      await call(practice, "/events?timeMin=2026-03-03T00:00:00Z&timeMax=2026-03-04T00:00:00Z"),
    );
    expect(listed.map((e) => [e.summary, e.bookingId, e.status])).toEqual([
      ["Cleaning · Ada Lovelace", booked._id, "tentative"],
      ["Supplier", null, "confirmed"],
    ]);
    const patched = await call(practice, `/events/${supplier.id}`, {
      method: "PATCH",
      json: { start: "2026-03-03T15:00:00-05:00", end: "2026-03-03T16:00:00-05:00" },
    });
    expect(await dataOf<CalendarEvent>(patched)).toMatchObject({ start: at("2026-03-03T15:00:00-05:00") });
    const backwards = await call(practice, `/events/${supplier.id}`, {
      method: "PATCH",
      json: { end: "2026-03-03T14:00:00-05:00" },
    });
    expect(backwards.status).toBe(400);
    expect(await errorOf(backwards)).toMatchObject({ message: "end must be after start", field: "end" });
    const ours = await call(practice, `/events/${eventId}`, { method: "DELETE" });
    expect(ours.status).toBe(409);
    expect((await errorOf(ours)).message).toMatch(/shows a booking/);
    expect((await call(practice, `/events/${supplier.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call(practice, `/events/${supplier.id}`, { method: "DELETE" })).status).toBe(404);
    // Another business's calendar is out of reach: its ids are looked up in this one's only.
    const neighbour = await connected();
    const theirs = fake.addEvent(neighbour.calendarId, {
      summary: "Private",
      start: { dateTime: "2026-03-03T09:00:00Z" },
      end: { dateTime: "2026-03-03T10:00:00Z" },
    });
    expect(
      (await call(practice, `/events/${theirs.id}`, { method: "PATCH", json: { summary: "x" } })).status,
    ).toBe(404);
    const badRange = await call(
      practice,
      "/events?timeMin=2026-03-04T00:00:00Z&timeMax=2026-03-03T00:00:00Z",
    );
    expect(badRange.status).toBe(400);
  });

  it("refuses with 400 an ISO 8601 time that Date cannot place (a week date, the basic format, year 0000)", async () => {
    const practice = await connected();
    const at = "2026-03-03T15:00:00Z";
    for (const time of [
      "2026-W10-1",
      "2026-060",
      "20260303T150000Z",
      "+0001-01-01T00:00:00Z",
      "0000-01-01T00:00:00Z",
    ]) {
      const q = encodeURIComponent(time);
      for (const [response, field] of [
        [await call(practice, `/busy?from=${q}&to=${at}`), "from"],
        [await call(practice, `/events?timeMin=${q}&timeMax=${at}`), "timeMin"],
        [await call(practice, "/events", { json: { summary: "Supplier", start: time, end: at } }), "start"],
        [await call(practice, "/events/any", { method: "PATCH", json: { end: time } }), "end"],
      ] as const) {
        expect(response.status, `${time} → ${field}`).toBe(400);
        expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field });
      }
    }
    expect(fake.live(practice.calendarId)).toEqual([]);
  });

  it("says so without a connected calendar, and resyncs on demand", async () => {
    const practice = await connected();
    const resynced = await call(practice, "/resync", { method: "POST" });
    expect(await dataOf<{ lastCheckedAt: string }>(resynced)).toEqual({
      lastCheckedAt: server.clock().toISOString(),
    });
    expect((await connectionOf(practice.businessId)).lastCheckedAt).toBe(server.clock().toISOString());
    fake.deleteCalendar(practice.calendarId);
    const broken = await call(practice, "/resync", { method: "POST" });
    expect(broken.status).toBe(503);
    expect((await connectionOf(practice.businessId)).brokenAt).not.toBeNull();
    expect(
      (await call(practice, "/events?timeMin=2026-03-03T00:00:00Z&timeMax=2026-03-04T00:00:00Z")).status,
    ).toBe(409);
  });
});
