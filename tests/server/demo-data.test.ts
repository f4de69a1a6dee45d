import { type } from "arktype";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { services } from "../../src/server/db/schema/services.schema";
import {
  type CallGeneratorOptions,
  createCallGenerator,
  inProgressReport,
} from "../../src/server/demo/call-generator";
import { DEMO_SERVICES } from "../../src/server/demo/demo-services";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../../src/server/demo/seed-demo";
import { nextUsPublicHoliday, usPublicHolidays } from "../../src/server/demo/us-public-holidays";
import { parseIsoTime } from "../../src/server/time/iso-time";
import type { AssistantConfig } from "../../src/shared/assistant.schema";
import type { Availability, Slot } from "../../src/shared/availability.schema";
import type { BookingCounts, BookingList } from "../../src/shared/booking.schema";
import { weekdayOfCalendarDate } from "../../src/shared/calendar-date";
import { type CallDetail, callReport } from "../../src/shared/calls.schema";
import type { Company } from "../../src/shared/company.schema";
import type { DashboardStats } from "../../src/shared/dashboard.schema";
import { addCalendarDays, calendarDateAt, calendarDayAround, wallTimeAt } from "../../src/shared/zoned-time";
import { signIn } from "../support/server-accounts";
import { createAssistantKey, dataOf, listCalls } from "../support/server-calls";
import { createTestClock, DAY } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";
import { expectTrueCounts } from "../support/true-counts";

const OPTIONS: CallGeneratorOptions = {
  seed: 11,
  idPrefix: "test",
  companyName: "Bright Smile Dental",
  timezone: "America/New_York",
  workingHours: { start: "08:00", end: "18:00" },
  workingDays: [1, 2, 3, 4, 5, 6],
};
const TO = new Date("2026-03-02T12:00:00.000Z");
const FROM = new Date(TO.getTime() - 28 * DAY);

describe("the call generator", () => {
  it("is deterministic for a seed, and another seed gives other calls", () => {
    const history = createCallGenerator(OPTIONS).history(40, FROM, TO);
    expect(createCallGenerator(OPTIONS).history(40, FROM, TO)).toEqual(history);
    expect(createCallGenerator({ ...OPTIONS, seed: 12 }).history(40, FROM, TO)).not.toEqual(history);
  });

  it("makes finished calls the API accepts, oldest first, mostly in working hours", () => {
    const history = createCallGenerator(OPTIONS).history(200, FROM, TO);
    expect(history).toHaveLength(200);
    expect(new Set(history.map((call) => call.externalId)).size).toBe(200);
    for (const call of history) {
      expect(callReport(call)).not.toBeInstanceOf(type.errors);
      expect(parseIsoTime(call.startedAt)).not.toBeNull();
      expect(call.status).not.toBe("in-progress");
      expect(call.recordingUrl).toBeNull();
      const turns = call.transcript!.length;
      if (call.status === "completed") expect(turns >= 4 && turns <= 12).toBe(true);
    }
    const starts = history.map((call) => Date.parse(call.startedAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(FROM.getTime());
    expect(Math.max(...starts)).toBeLessThan(TO.getTime());
    const inHours = history.filter((call) => {
      const { hour } = wallTimeAt(new Date(call.startedAt), OPTIONS.timezone);
      return hour >= 8 && hour < 18;
    });
    expect(inHours.length / history.length).toBeGreaterThan(0.75);
    expect(new Set(history.map((call) => call.status))).toEqual(new Set(["completed", "missed", "failed"]));
  });

  it("names only services the demo practice offers", () => {
    const offered = new Set(
      DEMO_SERVICES.filter((service) => service.isActive).map((service) => service.name),
    );
    const named = createCallGenerator(OPTIONS)
      .history(300, FROM, TO)
      .flatMap((call) => (call.serviceName ? [call.serviceName] : []));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(offered).toContain(name);
  });

  it("reports a live call as the turns spoken so far, without outcome or summary", () => {
    const call = createCallGenerator(OPTIONS).finishedCall(TO);
    const live = inProgressReport(call, 10);
    expect(live).toMatchObject({ externalId: call.externalId, status: "in-progress", durationSeconds: 10 });
    expect(live.transcript).toEqual(call.transcript!.filter((turn) => turn.offsetSeconds <= 10));
    expect(live).not.toHaveProperty("outcome");
    expect(live).not.toHaveProperty("summary");
    expect(callReport(live)).not.toBeInstanceOf(type.errors);
  });
});

describe("US public holidays", () => {
  it("knows 2026's, on the weekdays they are observed", () => {
    expect(usPublicHolidays(2026).map((holiday) => holiday.date)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03", // the 4th is a Saturday
      "2026-09-07",
      "2026-10-12",
      "2026-11-11",
      "2026-11-26",
      "2026-12-25",
    ]);
    expect(usPublicHolidays(2027)[0]!.date).toBe("2027-01-01");
    expect(usPublicHolidays(2028)[0]!.date).toBe("2027-12-31"); // Saturday's holiday on the Friday before
    expect(usPublicHolidays(2027).at(-1)!.date).toBe("2027-12-24");
    expect(usPublicHolidays(2023)[0]!.date).toBe("2023-01-02"); // Sunday's on the Monday after
  });

  it("finds the next one, into the next year", () => {
    expect(nextUsPublicHoliday("2026-11-27")).toEqual({ date: "2026-12-25", name: "Christmas Day" });
    expect(nextUsPublicHoliday("2026-11-26").name).toBe("Thanksgiving Day");
    expect(nextUsPublicHoliday("2026-12-26").date).toBe("2027-01-01");
  });
});

describe("the demo seed", () => {
  let server: TestServer;
  beforeAll(async () => {
    // A Monday morning in New York whose next holiday a week on (Christmas) is within the booking horizon.
    server = await startTestServer({ clock: createTestClock(new Date("2026-11-23T15:00:00.000Z")) });
  });
  afterAll(() => server.close());

  it("gives the demo business six weeks of calls, a couple today, and its services, once", async () => {
    const now = server.clock();
    expect(await seedDemo(server.db, now)).toBe(true);
    expect(await seedDemo(server.db, now)).toBe(false);
    const demo = await signIn(server, DEMO_EMAIL, DEMO_PASSWORD);
    const businessId = demo.user.businessId;
    await expectTrueCounts(server.db, businessId);

    const all = await listCalls(server, demo);
    expect(all.total).toBeGreaterThanOrEqual(290);
    expect(all.total).toBeLessThanOrEqual(310);
    const oldest = (await listCalls(server, demo, `?page=${all.totalPages}`)).data.at(-1)!;
    expect(now.getTime() - Date.parse(oldest.startTime)).toBeLessThanOrEqual(43 * DAY);

    const stats = await dataOf<DashboardStats>(
      await server.request("/api/dashboard/stats", { accessToken: demo.accessToken }),
    );
    expect(stats.callsToday).toBe(2);
    expect(stats.totalCalls).toBe(all.total);
    const today = calendarDayAround(now, "America/New_York");
    for (const call of stats.recentCalls.slice(0, 2)) {
      expect(Date.parse(call.startTime)).toBeGreaterThanOrEqual(today.start.getTime());
      expect(Date.parse(call.startTime)).toBeLessThanOrEqual(now.getTime());
    }

    const statuses = await rawRows<{ status: string }>(
      server.db,
      sql`select distinct status from calls where business_id = ${businessId}::uuid order by status`,
    );
    expect(statuses.map((row) => row.status)).toEqual(["completed", "failed", "missed"]);
    // No real recordings exist: two calls point at a same-origin path that answers 404, the rest at nothing.
    const recordings = await rawRows<{ recording_url: string }>(
      server.db,
      sql`select recording_url from calls where business_id = ${businessId}::uuid and recording_url is not null`,
    );
    expect(recordings).toHaveLength(2);
    for (const { recording_url } of recordings) {
      expect(recording_url).toMatch(/^\/api\/recordings\/[\w-]+\.mp3$/);
      expect((await server.request(recording_url, { accessToken: demo.accessToken })).status).toBe(404);
    }

    expect(await server.db.$count(services)).toBe(DEMO_SERVICES.length);
    const { key } = await createAssistantKey(server, demo);
    const config = await dataOf<AssistantConfig>(
      await server.request("/api/assistant/config", { headers: { "x-api-key": key } }),
    );
    expect([config.companyName, config.phoneNumber]).toEqual(["Bright Smile Dental", "+1 555 0100"]);
    expect(config.services.map((service) => service.name)).toEqual(
      DEMO_SERVICES.filter((service) => service.isActive)
        .map((service) => service.name)
        .sort(),
    );

    // Weekdays with a lunch break, Saturday mornings, and the next public holiday a week or more ahead.
    const availability = await dataOf<Availability>(
      await server.request("/api/availability", { accessToken: demo.accessToken }),
    );
    expect(availability.weeklySchedule["0"]).toEqual([]);
    expect(availability.weeklySchedule["3"]).toEqual([
      { start: "08:00", end: "12:00" },
      { start: "13:00", end: "18:00" },
    ]);
    expect(availability.weeklySchedule["6"]).toEqual([{ start: "09:00", end: "13:00" }]);
    // Settings shows that week summarised, and saving the company back as read leaves it as it is.
    const company = await dataOf<Company>(
      await server.request("/api/company/me", { accessToken: demo.accessToken }),
    );
    expect(company.settings).toMatchObject({
      workingHours: { start: "08:00", end: "18:00" },
      workingDays: [1, 2, 3, 4, 5, 6],
      weeklyHoursSimple: false,
    });
    const resaved = await server.request("/api/company/me", {
      method: "PUT",
      json: company,
      accessToken: demo.accessToken,
    });
    expect(await dataOf<Company>(resaved)).toEqual(company);
    const localToday = calendarDateAt(now, "America/New_York");
    const [holiday] = availability.blackoutDates;
    expect(availability.blackoutDates).toHaveLength(1);
    expect(holiday).toMatchObject({ startTime: null, endTime: null, reason: "Public holiday" });
    expect(holiday!.startDate).toBe(holiday!.endDate);
    expect(holiday!.startDate >= addCalendarDays(localToday, 7)).toBe(true);
    expect(holiday!.startDate).toBe(nextUsPublicHoliday(addCalendarDays(localToday, 7)).date);
    expect([1, 2, 3, 4, 5]).toContain(weekdayOfCalendarDate(holiday!.startDate));

    // The assistant offers whitening on a working day, with its 10 minutes after, and nothing on the holiday.
    const whitening = config.services.find((service) => service.name === "Teeth Whitening")!;
    const slotsOn = async (date: string) =>
      dataOf<Slot[]>(
        await server.request(`/api/assistant/slots?serviceId=${whitening.id}&from=${date}&to=${date}`, {
          headers: { "x-api-key": key },
        }),
      );
    expect(await slotsOn(holiday!.startDate)).toEqual([]);
    expect(holiday!.startDate).toBe("2026-12-25");
    const slots = await slotsOn("2026-12-24");
    expect(slots.length).toBeGreaterThan(0);
    expect(slots[0]).toEqual({ start: "2026-12-24T08:00:00-05:00", end: "2026-12-24T09:30:00-05:00" });
    for (const slot of slots) expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(90 * 60_000);
    const [row] = await server.db
      .select({ after: services.bufferAfterMinutes })
      .from(services)
      .where(eq(services.id, whitening.id));
    expect(row!.after).toBe(10);
  });

  it("gives it bookings over the weeks around today in every status, linked to the calls that made them", async () => {
    const now = server.clock();
    await seedDemo(server.db, now);
    const demo = await signIn(server, DEMO_EMAIL, DEMO_PASSWORD);
    const get = async <T>(path: string) =>
      dataOf<T>(await server.request(path, { accessToken: demo.accessToken }));
    const first = await get<BookingList>("/api/bookings?scope=all&limit=100");
    const bookings = [first.data];
    for (let page = 2; page <= first.totalPages; page++)
      bookings.push((await get<BookingList>(`/api/bookings?scope=all&limit=100&page=${page}`)).data);
    const all = bookings.flat();
    expect(all.length).toBe(first.total);
    expect(all.length).toBeGreaterThan(50);
    expect(new Set(all.map((b) => b.status))).toEqual(
      new Set(["pending", "confirmed", "completed", "cancelled"]),
    );
    const starts = all.map((b) => Date.parse(b.startTime));
    expect(Math.min(...starts)).toBeLessThan(now.getTime() - 14 * DAY);
    expect(Math.max(...starts)).toBeGreaterThan(now.getTime() + 14 * DAY);
    for (const b of all.filter((b) => Date.parse(b.startTime) >= now.getTime()))
      expect(["pending", "confirmed", "cancelled"]).toContain(b.status);

    // Inside the opening hours (weekdays 08–12 and 13–18, Saturdays 09–13), never on the holiday.
    const minutesOf = (iso: string) => {
      const { hour, minute } = wallTimeAt(new Date(iso), "America/New_York");
      return hour * 60 + minute;
    };
    for (const b of all) {
      const date = calendarDateAt(new Date(b.startTime), "America/New_York");
      const day = weekdayOfCalendarDate(date);
      const [start, end] = [minutesOf(b.startTime), minutesOf(b.endTime)];
      const within = (open: number, close: number) => start >= open && end <= close;
      const open = day === 6 ? within(540, 780) : day !== 0 && (within(480, 720) || within(780, 1080));
      expect(open, `${b.startTime} (${b.serviceName})`).toBe(true);
      expect(date).not.toBe("2026-12-25");
      expect(b.customerName).toMatch(/^\p{Lu}[\p{L}'-]+ \p{Lu}/u);
    }
    // None overlapping, cancelled ones included.
    const sorted = [...all].sort((a, b) => a.startTime.localeCompare(b.startTime));
    for (const [i, b] of sorted.slice(1).entries()) expect(b.startTime >= sorted[i]!.endTime).toBe(true);

    // Every call the assistant booked made one booking, for the caller and the service the call named.
    const booked = await rawRows<{ id: string; service_name: string | null; caller_number: string }>(
      server.db,
      sql`select id, service_name, caller_number from calls
        where business_id = ${demo.user.businessId}::uuid and outcome = 'booked'`,
    );
    const byCall = new Map(all.filter((b) => b.callId).map((b) => [b.callId!, b]));
    expect(booked.length).toBeGreaterThan(10);
    expect(byCall.size).toBe(booked.length);
    for (const call of booked) {
      const booking = byCall.get(call.id)!;
      expect(booking).toMatchObject({ source: "assistant", customerPhone: call.caller_number });
      if (call.service_name) expect(booking.serviceName).toBe(call.service_name);
    }
    expect(all.filter((b) => b.source === "staff").every((b) => b.callId === null)).toBe(true);
    const detail = await get<CallDetail>(`/api/calls/${booked[0]!.id}`);
    expect(detail.booking?.callId).toBe(booked[0]!.id);

    const stats = await get<DashboardStats>("/api/dashboard/stats");
    expect(stats.newBookings).toBeGreaterThanOrEqual(3);
    expect((await get<BookingCounts>("/api/bookings/counts")).pending).toBeGreaterThan(0);
  });
});
