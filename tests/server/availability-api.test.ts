import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import { services } from "../../src/server/db/schema/services.schema";
import { insertServices } from "../../src/server/services/services.repo";
import type { AssistantConfig } from "../../src/shared/assistant.schema";
import {
  AVAILABILITY_DEFAULTS,
  type Availability,
  type AvailabilityUpdate,
  type BlackoutDate,
  type Slot,
} from "../../src/shared/availability.schema";
import { defaultWeeklySchedule, weeklyScheduleOf } from "../../src/shared/weekly-schedule";
import { expectOwnOriginStaffOnly, type SignedIn, signUp } from "../support/server-accounts";
import { createAssistantKey, dataOf } from "../support/server-calls";
import { readEnvelope, serverForFile } from "../support/server-harness";

const server = serverForFile();

/** Monday 2026-03-02, 07:00 in New York (every new business's timezone). */
const MONDAY_MORNING = new Date("2026-03-02T12:00:00.000Z");
beforeEach(() => server.clock.set(MONDAY_MORNING));

const getAvailability = async (staff: SignedIn) =>
  dataOf<Availability>(await server.request("/api/availability", { accessToken: staff.accessToken }));

const putAvailability = (staff: SignedIn, body: unknown) =>
  server.request("/api/availability", { method: "PUT", json: body, accessToken: staff.accessToken });

const addBlackout = (staff: SignedIn, body: unknown) =>
  server.request("/api/availability/blackout-dates", { json: body, accessToken: staff.accessToken });

const removeBlackout = (staff: SignedIn, id: string) =>
  server.request(`/api/availability/blackout-dates/${id}`, {
    method: "DELETE",
    accessToken: staff.accessToken,
  });

const RULES = {
  bufferBeforeMinutes: 5,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 120,
  bookingHorizonDays: 30,
  slotStepMinutes: 20,
};

const LUNCH_BREAK_WEEK: AvailabilityUpdate["weeklySchedule"] = {
  ...weeklyScheduleOf([1, 2, 3, 4, 5], { start: "08:00", end: "12:00" }),
  "1": [
    { start: "13:00", end: "18:00" },
    { start: "08:00", end: "12:00" },
  ],
  "6": [{ start: "09:00", end: "24:00" }],
};

async function expectValidationError(response: Response, field: string) {
  expect(response.status).toBe(400);
  const body = await readEnvelope(response);
  expect(body).toMatchObject({ success: false, error: { code: "VALIDATION", field } });
  if (!body.success) expect(body.error.message).toContain(field);
}

describe("GET and PUT /api/availability", () => {
  it("starts a new business on spec 9's hours (09:00–17:00, Monday to Friday) and the default rules", async () => {
    const staff = await signUp(server);
    expect(await getAvailability(staff)).toEqual({
      weeklySchedule: defaultWeeklySchedule(),
      blackoutDates: [],
      ...AVAILABILITY_DEFAULTS,
      timezone: "America/New_York",
    });
  });

  it("replaces schedule and rules together and answers as GET does, each day's ranges in order", async () => {
    const staff = await signUp(server);
    const response = await putAvailability(staff, { ...RULES, weeklySchedule: LUNCH_BREAK_WEEK });
    expect(response.status).toBe(200);
    const saved = await dataOf<Availability>(response);
    expect(saved).toEqual({
      ...RULES,
      blackoutDates: [],
      timezone: "America/New_York",
      weeklySchedule: {
        ...LUNCH_BREAK_WEEK,
        "1": [
          { start: "08:00", end: "12:00" },
          { start: "13:00", end: "18:00" },
        ],
      },
    });
    expect(await getAvailability(staff)).toEqual(saved);
    // The screen may send back what it read: blackouts are not PUT's to change, and are left alone.
    await addBlackout(staff, {
      startDate: "2026-03-04",
      endDate: "2026-03-04",
      startTime: null,
      endTime: null,
    });
    const read = await getAvailability(staff);
    const resent = await putAvailability(staff, { ...read, slotStepMinutes: 30, blackoutDates: [] });
    expect(resent.status).toBe(200);
    expect(await dataOf<Availability>(resent)).toEqual({ ...read, slotStepMinutes: 30 });
    const closedWeek = weeklyScheduleOf([], { start: "09:00", end: "17:00" });
    await putAvailability(staff, { ...RULES, weeklySchedule: closedWeek });
    expect((await getAvailability(staff)).weeklySchedule).toEqual(closedWeek);
  });

  it("applies concurrent saves one after another: the week read back is one of them, whole", async () => {
    const staff = await signUp(server);
    const saves = [8, 9, 10, 11, 12].map((hour) => ({
      ...RULES,
      slotStepMinutes: hour,
      weeklySchedule: weeklyScheduleOf([1, 2, 3, 4, 5], {
        start: `${String(hour).padStart(2, "0")}:00`,
        end: "18:00",
      }),
    }));
    const responses = await Promise.all(saves.map((body) => putAvailability(staff, body)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const { blackoutDates, timezone, ...final } = await getAvailability(staff);
    expect([blackoutDates, timezone]).toEqual([[], "America/New_York"]);
    expect(saves).toContainEqual(final);
  });

  const valid = { ...RULES, weeklySchedule: LUNCH_BREAK_WEEK };
  it.each([
    [
      "an end before its start",
      { ...valid, weeklySchedule: { ...LUNCH_BREAK_WEEK, "2": [{ start: "17:00", end: "09:00" }] } },
      'weeklySchedule["2"][0].end',
    ],
    [
      "an empty range",
      { ...valid, weeklySchedule: { ...LUNCH_BREAK_WEEK, "2": [{ start: "09:00", end: "09:00" }] } },
      'weeklySchedule["2"][0].end',
    ],
    [
      "overlapping ranges",
      {
        ...valid,
        weeklySchedule: {
          ...LUNCH_BREAK_WEEK,
          "3": [
            { start: "09:00", end: "12:00" },
            { start: "11:30", end: "14:00" },
          ],
        },
      },
      'weeklySchedule["3"][1].start',
    ],
    [
      "an unknown weekday",
      { ...valid, weeklySchedule: { ...LUNCH_BREAK_WEEK, "7": [] } },
      'weeklySchedule["7"]',
    ],
    [
      "a missing weekday",
      { ...valid, weeklySchedule: { ...LUNCH_BREAK_WEEK, "0": undefined } },
      'weeklySchedule["0"]',
    ],
    [
      "25:00",
      { ...valid, weeklySchedule: { ...LUNCH_BREAK_WEEK, "4": [{ start: "09:00", end: "25:00" }] } },
      'weeklySchedule["4"][0].end',
    ],
    [
      "a start at 24:00",
      { ...valid, weeklySchedule: { ...LUNCH_BREAK_WEEK, "4": [{ start: "24:00", end: "24:00" }] } },
      'weeklySchedule["4"][0].start',
    ],
    [
      "9:00 without its leading zero",
      { ...valid, weeklySchedule: { ...LUNCH_BREAK_WEEK, "4": [{ start: "9:00", end: "12:00" }] } },
      'weeklySchedule["4"][0].start',
    ],
    ["a slot step of 0", { ...valid, slotStepMinutes: 0 }, "slotStepMinutes"],
    ["a horizon of 0 days", { ...valid, bookingHorizonDays: 0 }, "bookingHorizonDays"],
    ["a negative buffer", { ...valid, bufferBeforeMinutes: -5 }, "bufferBeforeMinutes"],
    ["a buffer over 240 minutes", { ...valid, bufferAfterMinutes: 241 }, "bufferAfterMinutes"],
    ["a fractional notice", { ...valid, minimumNoticeMinutes: 12.5 }, "minimumNoticeMinutes"],
    ["no schedule", RULES, "weeklySchedule"],
  ])("refuses %s with 400 naming the field, and changes nothing", async (_, body, field) => {
    const staff = await signUp(server);
    const before = await getAvailability(staff);
    await expectValidationError(await putAvailability(staff, body), field);
    expect(await getAvailability(staff)).toEqual(before);
  });

  it("is for signed-in staff of the app's own origin", async () => {
    const staff = await signUp(server);
    await expectOwnOriginStaffOnly(server, staff, "/api/availability", "PUT", valid);
    expect((await getAvailability(staff)).weeklySchedule).toEqual(defaultWeeklySchedule());
  });
});

describe("blackout dates", () => {
  it("adds whole days and hours, lists them by first day (past ones too), and removes them", async () => {
    const staff = await signUp(server);
    const holiday = await addBlackout(staff, {
      startDate: "2026-12-24",
      endDate: "2026-12-26",
      startTime: null,
      endTime: null,
      reason: "  Public holiday ",
    });
    expect(holiday.status).toBe(201);
    const christmas = await dataOf<BlackoutDate>(holiday);
    expect(christmas).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      startDate: "2026-12-24",
      endDate: "2026-12-26",
      startTime: null,
      endTime: null,
      reason: "Public holiday",
    });
    const training = await dataOf<BlackoutDate>(
      await addBlackout(staff, {
        startDate: "2026-03-04",
        endDate: "2026-03-04",
        startTime: "13:00",
        endTime: "24:00",
      }),
    );
    expect(training).toMatchObject({ startTime: "13:00", endTime: "24:00", reason: null });
    const past = await dataOf<BlackoutDate>(
      await addBlackout(staff, {
        startDate: "2025-07-04",
        endDate: "2025-07-04",
        startTime: null,
        endTime: null,
        reason: "",
      }),
    );
    expect(past.reason).toBeNull();
    expect((await getAvailability(staff)).blackoutDates).toEqual([past, training, christmas]);

    expect((await removeBlackout(staff, past.id)).status).toBe(200);
    expect((await getAvailability(staff)).blackoutDates).toEqual([training, christmas]);
    expect((await removeBlackout(staff, past.id)).status).toBe(404);
  });

  const day = { startDate: "2026-03-04", endDate: "2026-03-04", startTime: null, endTime: null };
  it.each([
    ["reversed dates", { ...day, startDate: "2026-03-05" }, "endDate"],
    ["a day that does not exist", { ...day, startDate: "2026-02-30" }, "startDate"],
    ["a date in another format", { ...day, endDate: "03/04/2026" }, "endDate"],
    ["an end time before its start on one day", { ...day, startTime: "12:00", endTime: "09:00" }, "endTime"],
    ["an end time equal to its start", { ...day, startTime: "12:00", endTime: "12:00" }, "endTime"],
    ["an end day before its start day", { ...day, startDate: "2026-03-06", startTime: "09:00" }, "endDate"],
    [
      "an end at 00:00 (the day before's 24:00)",
      { ...day, endDate: "2026-03-05", endTime: "00:00" },
      "endTime",
    ],
    ["25:00", { ...day, startTime: "12:00", endTime: "25:00" }, "endTime"],
    ["a start at 24:00", { ...day, startTime: "24:00" }, "startTime"],
    ["a time without minutes", { ...day, startTime: "9" }, "startTime"],
    ["a reason over 200 characters", { ...day, reason: "x".repeat(201) }, "reason"],
    ["no end date", { ...day, endDate: undefined }, "endDate"],
  ])("refuses %s with 400 naming the field", async (_, body, field) => {
    const staff = await signUp(server);
    await expectValidationError(await addBlackout(staff, body), field);
    expect((await getAvailability(staff)).blackoutDates).toEqual([]);
  });

  it("holds a span in one entry: from a time of one day to a time of another, each time optional", async () => {
    const staff = await signUp(server);
    const weekend = { startDate: "2026-03-06", endDate: "2026-03-09", startTime: "14:00", endTime: "10:00" };
    const added = await addBlackout(staff, { ...weekend, reason: "Family wedding" });
    expect(added.status).toBe(201);
    const closure = await dataOf<BlackoutDate>(added);
    expect(closure).toEqual({ id: expect.any(String), ...weekend, reason: "Family wedding" });
    const fromMorning = await dataOf<BlackoutDate>(
      await addBlackout(staff, { ...weekend, startDate: "2026-03-05", startTime: null }),
    );
    const untilEvening = await dataOf<BlackoutDate>(
      await addBlackout(staff, { ...weekend, startDate: "2026-03-05", endTime: null }),
    );
    const afternoon = await dataOf<BlackoutDate>(
      await addBlackout(staff, {
        ...day,
        startDate: "2026-03-05",
        endDate: "2026-03-05",
        startTime: "13:00",
      }),
    );
    // By start: a null start time is the day's 00:00.
    expect((await getAvailability(staff)).blackoutDates).toEqual([
      fromMorning,
      afternoon,
      untilEvening,
      closure,
    ]);
    expect([fromMorning.startTime, untilEvening.endTime, afternoon.endTime]).toEqual([null, null, null]);
  });

  it("keeps each business to its own: another's blackout is invisible and 404 to remove", async () => {
    const alpha = await signUp(server);
    const beta = await signUp(server);
    const blackout = await dataOf<BlackoutDate>(await addBlackout(alpha, day));
    expect((await getAvailability(beta)).blackoutDates).toEqual([]);
    expect((await removeBlackout(beta, blackout.id)).status).toBe(404);
    expect((await removeBlackout(beta, "not-a-uuid")).status).toBe(404);
    expect((await removeBlackout(beta, crypto.randomUUID())).status).toBe(404);
    expect((await getAvailability(alpha)).blackoutDates).toEqual([blackout]);
    await putAvailability(beta, { ...RULES, weeklySchedule: LUNCH_BREAK_WEEK });
    expect(await getAvailability(alpha)).toMatchObject({
      ...AVAILABILITY_DEFAULTS,
      weeklySchedule: defaultWeeklySchedule(),
    });
  });
});

describe("free slots", () => {
  async function businessWithServices(staff: SignedIn) {
    await insertServices(server.db, staff.user.businessId, [
      { name: "Cleaning", durationMinutes: 60 },
      { name: "Paused", durationMinutes: 30, isActive: false },
    ]);
    const rows = await server.db
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(eq(services.businessId, staff.user.businessId));
    const idOf = (name: string) => rows.find((row) => row.name === name)!.id;
    return { cleaning: idOf("Cleaning"), paused: idOf("Paused") };
  }

  const staffSlots = (staff: SignedIn, query: string) =>
    server.request(`/api/availability/slots?${query}`, { accessToken: staff.accessToken });
  const assistantSlots = (key: string, query: string) =>
    server.request(`/api/assistant/slots?${query}`, { headers: { "x-api-key": key } });

  it("offers a new business's hours from an hour ahead, with New York's offset on each side of DST", async () => {
    const staff = await signUp(server);
    const { cleaning } = await businessWithServices(staff);
    const slots = await dataOf<Slot[]>(
      await staffSlots(staff, `serviceId=${cleaning}&from=2026-03-02&to=2026-03-02`),
    );
    expect(slots).toHaveLength(29); // 09:00 … 16:00 every 15 minutes
    expect(slots[0]).toEqual({ start: "2026-03-02T09:00:00-05:00", end: "2026-03-02T10:00:00-05:00" });
    expect(slots.at(-1)).toEqual({ start: "2026-03-02T16:00:00-05:00", end: "2026-03-02T17:00:00-05:00" });

    const acrossDst = await dataOf<Slot[]>(
      await staffSlots(staff, `serviceId=${cleaning}&from=2026-03-06&to=2026-03-09`),
    );
    expect(acrossDst.map((slot) => slot.start.slice(0, 10))).toEqual([
      ...Array(29).fill("2026-03-06"),
      ...Array(29).fill("2026-03-09"),
    ]);
    expect(acrossDst[0]!.start).toBe("2026-03-06T09:00:00-05:00");
    expect(acrossDst[29]!.start).toBe("2026-03-09T09:00:00-04:00");
  });

  it("starts no sooner than the minimum notice from the server's now", async () => {
    server.clock.set(new Date("2026-03-02T14:30:00Z")); // 09:30 in New York
    const staff = await signUp(server);
    const { cleaning } = await businessWithServices(staff);
    const query = `serviceId=${cleaning}&from=2026-03-02&to=2026-03-02`;
    expect((await dataOf<Slot[]>(await staffSlots(staff, query)))[0]!.start).toBe(
      "2026-03-02T10:30:00-05:00",
    );
    await putAvailability(staff, {
      ...AVAILABILITY_DEFAULTS,
      minimumNoticeMinutes: 0,
      weeklySchedule: defaultWeeklySchedule(),
    });
    expect((await dataOf<Slot[]>(await staffSlots(staff, query)))[0]!.start).toBe(
      "2026-03-02T09:30:00-05:00",
    );
  });

  it("follows a schedule change, a new blackout and the business's timezone at once", async () => {
    const staff = await signUp(server);
    const { cleaning } = await businessWithServices(staff);
    const query = `serviceId=${cleaning}&from=2026-03-02&to=2026-03-08`;
    const tuesdayOnly = weeklyScheduleOf([2], { start: "10:00", end: "12:00" });
    await putAvailability(staff, {
      ...AVAILABILITY_DEFAULTS,
      slotStepMinutes: 30,
      weeklySchedule: tuesdayOnly,
    });
    expect((await dataOf<Slot[]>(await staffSlots(staff, query))).map((slot) => slot.start)).toEqual([
      "2026-03-03T10:00:00-05:00",
      "2026-03-03T10:30:00-05:00",
      "2026-03-03T11:00:00-05:00",
    ]);
    await addBlackout(staff, {
      startDate: "2026-03-03",
      endDate: "2026-03-03",
      startTime: "10:45",
      endTime: "11:00",
    });
    expect((await dataOf<Slot[]>(await staffSlots(staff, query))).map((slot) => slot.start)).toEqual([
      "2026-03-03T11:00:00-05:00",
    ]);
    await server.db
      .update(businesses)
      .set({ timezone: "Europe/Warsaw" })
      .where(eq(businesses.id, staff.user.businessId));
    expect((await dataOf<Slot[]>(await staffSlots(staff, query))).map((slot) => slot.start)).toEqual([
      "2026-03-03T11:00:00+01:00",
    ]);
    await addBlackout(staff, {
      startDate: "2026-03-01",
      endDate: "2026-03-03",
      startTime: null,
      endTime: null,
    });
    expect(await dataOf<Slot[]>(await staffSlots(staff, query))).toEqual([]);
  });

  it("closes exactly a span from Friday 14:00 to Monday 10:00, the weekend and a change of clocks in it", async () => {
    const staff = await signUp(server);
    const { cleaning } = await businessWithServices(staff);
    // Open at the weekend too, so that the span's middle days have slots to lose.
    const weekend = { start: "10:00", end: "12:00" };
    await putAvailability(staff, {
      ...AVAILABILITY_DEFAULTS,
      weeklySchedule: { ...defaultWeeklySchedule(), "0": [weekend], "6": [weekend] },
    });
    const query = `serviceId=${cleaning}&from=2026-03-05&to=2026-03-10`;
    const open = await dataOf<Slot[]>(await staffSlots(staff, query));
    await addBlackout(staff, {
      startDate: "2026-03-06",
      endDate: "2026-03-09",
      startTime: "14:00",
      endTime: "10:00",
    });
    const closed = await dataOf<Slot[]>(await staffSlots(staff, query));

    // New York leaves EST for EDT on Sunday 2026-03-08.
    const [from, until] = [Date.parse("2026-03-06T14:00:00-05:00"), Date.parse("2026-03-09T10:00:00-04:00")];
    const clear = (slot: Slot) => Date.parse(slot.end) <= from || Date.parse(slot.start) >= until;
    // Friday 13:15–16:00, Saturday and Sunday 10:00–11:00, Monday 09:00–09:45.
    expect(open.filter((slot) => !clear(slot))).toHaveLength(12 + 5 + 5 + 4);
    expect(closed).toEqual(open.filter(clear));
    const starts = closed.map((slot) => slot.start);
    expect(starts).toContain("2026-03-06T13:00:00-05:00"); // ends at 14:00: still offered
    expect(starts).not.toContain("2026-03-06T13:15:00-05:00");
    expect(starts.filter((start) => /^2026-03-0[78]/.test(start))).toEqual([]);
    expect(starts).not.toContain("2026-03-09T09:45:00-04:00");
    expect(starts).toContain("2026-03-09T10:00:00-04:00");
    expect(starts.filter((start) => start.startsWith("2026-03-05"))).toHaveLength(29);
    expect(starts.filter((start) => start.startsWith("2026-03-10"))).toHaveLength(29);
  });

  it("gives the assistant the same slots for the ids its config lists", async () => {
    const staff = await signUp(server);
    await businessWithServices(staff);
    const { key } = await createAssistantKey(server, staff);
    const config = await dataOf<AssistantConfig>(
      await server.request("/api/assistant/config", { headers: { "x-api-key": key } }),
    );
    expect(config.services.map((service) => service.name)).toEqual(["Cleaning"]);
    const query = `serviceId=${config.services[0]!.id}&from=2026-03-02&to=2026-03-31`;
    const forAssistant = await assistantSlots(key, query);
    expect(forAssistant.status).toBe(200);
    const slots = await dataOf<Slot[]>(forAssistant);
    expect(slots).toHaveLength(22 * 29);
    expect(slots).toEqual(await dataOf<Slot[]>(await staffSlots(staff, query)));
    expect((await assistantSlots("cdk_nope", query)).status).toBe(401);
    expect((await server.request(`/api/availability/slots?${query}`)).status).toBe(401);
  });

  it("cuts an answer at the first 5,000 slots and says so, for both callers", async () => {
    const staff = await signUp(server);
    const { cleaning } = await businessWithServices(staff);
    const { key } = await createAssistantKey(server, staff);
    const roundTheClock = weeklyScheduleOf([0, 1, 2, 3, 4, 5, 6], { start: "00:00", end: "24:00" });
    const rules = { ...RULES, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minimumNoticeMinutes: 0 };
    const saved = await putAvailability(staff, {
      ...rules,
      bookingHorizonDays: 90,
      slotStepMinutes: 1,
      weeklySchedule: roundTheClock,
    });
    expect(saved.status).toBe(200);
    // 62 days at a 1-minute step: some 89,000 slots; the first 5,000 are from 07:00 on 2 March.
    const query = `serviceId=${cleaning}&from=2026-03-02&to=2026-05-02`;
    for (const response of [await staffSlots(staff, query), await assistantSlots(key, query)]) {
      expect(response.headers.get("x-slots-truncated")).toBe("true");
      const slots = await dataOf<Slot[]>(response);
      expect(slots).toHaveLength(5_000);
      expect(slots[0]!.start).toBe("2026-03-02T07:00:00-05:00");
      // Open round the clock, a day's last slots run on into the next: 1,020 + 2 × 1,440 + 1,100.
      expect(slots.at(-1)!.start).toBe("2026-03-05T18:19:00-05:00");
    }
    // A day of it (1,440 slots) is whole and says nothing.
    const day = await staffSlots(staff, `serviceId=${cleaning}&from=2026-03-03&to=2026-03-03`);
    expect(day.headers.get("x-slots-truncated")).toBeNull();
    expect(await dataOf<Slot[]>(day)).toHaveLength(24 * 60);
  });

  it("answers 404 naming serviceId for a service that is unknown, inactive or another business's, for both callers", async () => {
    const staff = await signUp(server);
    const other = await signUp(server);
    const { paused } = await businessWithServices(staff);
    const { cleaning: othersService } = await businessWithServices(other);
    const { key } = await createAssistantKey(server, staff);
    for (const serviceId of [paused, othersService, crypto.randomUUID()]) {
      const query = `serviceId=${serviceId}&from=2026-03-02&to=2026-03-08`;
      for (const response of [await staffSlots(staff, query), await assistantSlots(key, query)]) {
        expect(response.status).toBe(404);
        expect(await readEnvelope(response)).toMatchObject({
          error: { code: "NOT_FOUND", field: "serviceId" },
        });
      }
    }
  });

  it.each([
    ["a reversed range", "from=2026-03-08&to=2026-03-02", "to"],
    ["63 days", "from=2026-03-01&to=2026-05-02", "to"],
    ["a day that does not exist", "from=2026-02-30&to=2026-03-02", "from"],
    ["no end", "from=2026-03-02", "to"],
    ["an unknown parameter", "from=2026-03-02&to=2026-03-02&limit=5", "limit"],
  ])("refuses %s with 400 naming the parameter, for both callers", async (_, range, field) => {
    const staff = await signUp(server);
    const { cleaning } = await businessWithServices(staff);
    const { key } = await createAssistantKey(server, staff);
    const query = `serviceId=${cleaning}&${range}`;
    await expectValidationError(await staffSlots(staff, query), field);
    await expectValidationError(await assistantSlots(key, query), field);
  });

  it("answers no slots, not an error, for days long past or beyond the horizon", async () => {
    const staff = await signUp(server);
    const { cleaning } = await businessWithServices(staff);
    for (const range of [
      "from=1900-01-01&to=1900-03-03",
      "from=9999-11-01&to=9999-12-31",
      "from=2026-03-01&to=2026-03-01",
    ]) {
      const response = await staffSlots(staff, `serviceId=${cleaning}&${range}`);
      expect(response.status).toBe(200);
      expect(await dataOf<Slot[]>(response)).toEqual([]);
    }
  });

  it("takes 62 days, and a malformed service id is a 400 naming it", async () => {
    const staff = await signUp(server);
    const { cleaning } = await businessWithServices(staff);
    const longest = await staffSlots(staff, `serviceId=${cleaning}&from=2026-03-01&to=2026-05-01`);
    expect(longest.status).toBe(200);
    // The default horizon is 60 days: today in New York is 2026-03-02 (07:00 UTC), so 2026-05-01 is the last
    // bookable day, whole, and the answer names it.
    const answer = await readEnvelope<Slot[]>(longest);
    expect(answer).toMatchObject({ emptyReason: null, lastBookableDay: "2026-05-01" });
    expect(answer.success && answer.data.at(-1)!.start).toBe("2026-05-01T16:00:00-04:00");
    await expectValidationError(
      await staffSlots(staff, "serviceId=nope&from=2026-03-02&to=2026-03-02"),
      "serviceId",
    );
  });
});
