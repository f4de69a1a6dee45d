import { beforeEach, describe, expect, it } from "vitest";
import type { Slot, WeeklySchedule } from "../../src/shared/availability.schema";
import { weeklyScheduleOf } from "../../src/shared/weekly-schedule";
import type { SignedIn } from "../support/server-accounts";
import {
  assistantBookingOf,
  assistantRequest,
  bookAsAssistant,
  bookingOf,
  bookingRowCounts,
  errorOf,
  openPractice,
  type Practice,
  staffCreate,
  staffPut,
} from "../support/server-bookings";
import { reportCall } from "../support/server-calls";
import { readEnvelope, serverForFile } from "../support/server-harness";

// Issue 20: a time the clocks skip or show twice is refused, not moved; open time is the union of the ranges.

const server = serverForFile();

/** Monday 2026-03-02, 07:00 in New York (every new business's timezone). */
beforeEach(() => server.clock.set(new Date("2026-03-02T12:00:00.000Z")));

const RULES = {
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  bookingHorizonDays: 365,
  slotStepMinutes: 30,
};

async function practiceWith(weeklySchedule: WeeklySchedule, duration = 30): Promise<Practice> {
  const practice = await openPractice(server, duration);
  const saved = await server.request("/api/availability", {
    method: "PUT",
    json: { ...RULES, weeklySchedule },
    accessToken: practice.staff.accessToken,
  });
  expect(saved.status).toBe(200);
  return practice;
}

/** Open every night from midnight to 06:00: the hours New York's clocks change in. */
const NIGHTS = weeklyScheduleOf([0, 1, 2, 3, 4, 5, 6], { start: "00:00", end: "06:00" });

const slotsAnswer = async (staff: SignedIn, serviceId: string, from: string, to = from) =>
  readEnvelope<Slot[]>(
    await server.request(`/api/availability/slots?serviceId=${serviceId}&from=${from}&to=${to}`, {
      accessToken: staff.accessToken,
    }),
  );
const slotStarts = async (staff: SignedIn, serviceId: string, from: string, to = from) => {
  const answer = await slotsAnswer(staff, serviceId, from, to);
  if (!answer.success) throw new Error(answer.error.message);
  return answer.data.map((slot) => slot.start);
};

describe("a wall time the clocks skip (New York, 2026-03-08 02:00 → 03:00)", () => {
  it("is refused for the assistant with 400 naming startTime and the free slots from the jump on", async () => {
    const practice = await practiceWith(NIGHTS);
    const refused = await bookAsAssistant(server, practice, { startTime: "2026-03-08T02:30" });
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error).toMatchObject({ code: "VALIDATION", field: "startTime" });
    expect(error.message).toContain("2026-03-08T02:30 does not exist in America/New_York");
    expect(error.nextFreeSlots?.slice(0, 2)).toEqual([
      "2026-03-08T03:00:00-04:00",
      "2026-03-08T03:30:00-04:00",
    ]);
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 0,
      events: 0,
      outbox: 0,
    });
    // The slots never offered it, and a time with an offset is that instant.
    expect(await slotStarts(practice.staff, practice.service._id, "2026-03-08")).not.toContain(
      "2026-03-08T02:30:00-05:00",
    );
    const booked = await bookAsAssistant(server, practice, { startTime: "2026-03-08T02:30:00-05:00" });
    expect(booked.status).toBe(201);
    expect((await assistantBookingOf(booked)).startTime).toBe("2026-03-08T03:30:00-04:00");
  });

  it("is refused for staff bookings and for both reschedules, writing nothing", async () => {
    const practice = await practiceWith(NIGHTS);
    const walkIn = await staffCreate(server, practice, { startTime: "2026-03-08T02:15" });
    expect(walkIn.status).toBe(400);
    expect(await errorOf(walkIn)).toMatchObject({ code: "VALIDATION", field: "startTime" });
    const booking = await bookingOf(await staffCreate(server, practice, { startTime: "2026-03-07T01:00" }));
    const staffMove = await staffPut(server, practice.staff, booking._id, {
      status: "pending",
      startTime: "2026-03-08T02:15",
    });
    expect(staffMove.status).toBe(400);
    expect((await errorOf(staffMove)).nextFreeSlots?.[0]).toBe("2026-03-08T03:00:00-04:00");
    const assistantsBooking = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: "2026-03-07T02:00" }),
    );
    const assistantMove = await assistantRequest(server, practice.key, `/${assistantsBooking.id}`, {
      method: "PUT",
      json: { action: "reschedule", startTime: "2026-03-08T02:00" },
    });
    expect(assistantMove.status).toBe(400);
    expect(await errorOf(assistantMove)).toMatchObject({ field: "startTime" });
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 2,
      events: 2,
      outbox: 2,
    });
  });

  it("is refused in a call report and in an import, that item alone", async () => {
    const practice = await practiceWith(NIGHTS);
    const report = { externalId: "c-1", callerNumber: "+15550001111", status: "completed" };
    const refused = await reportCall(server, practice.key, { ...report, startedAt: "2026-03-08T02:30" });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: "VALIDATION", field: "startedAt" });
    const imported = await server.request("/api/assistant/calls/import", {
      json: {
        calls: [
          { ...report, externalId: "c-2", startedAt: "2026-03-08T02:30" },
          { ...report, externalId: "c-3", startedAt: "2026-03-08T03:30" },
        ],
      },
      headers: { "x-api-key": practice.key },
      origin: null,
    });
    const body = await readEnvelope<{ accepted: number; results: { accepted: boolean; error?: unknown }[] }>(
      imported,
    );
    expect(body.success && body.data.accepted).toBe(1);
    expect(body.success && body.data.results[0]).toMatchObject({
      accepted: false,
      error: { code: "VALIDATION", message: expect.stringContaining("does not exist") },
    });
  });
});

describe("a wall time the clocks show twice (New York, 2026-11-01 01:00–02:00)", () => {
  it("is refused without an offset, saying which offsets exist; with one it is that instant", async () => {
    const practice = await practiceWith(NIGHTS);
    const refused = await bookAsAssistant(server, practice, { startTime: "2026-11-01T01:30" });
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error).toMatchObject({ code: "VALIDATION", field: "startTime" });
    expect(error.message).toContain("2026-11-01T01:30:00-04:00 or 2026-11-01T01:30:00-05:00");
    expect(error.nextFreeSlots?.length).toBeGreaterThan(0);
    // Both occurrences are slots of their own, and each is booked by its offset.
    const starts = await slotStarts(practice.staff, practice.service._id, "2026-11-01");
    expect(starts).toContain("2026-11-01T01:30:00-04:00");
    expect(starts).toContain("2026-11-01T01:30:00-05:00");
    for (const startTime of ["2026-11-01T01:30:00-04:00", "2026-11-01T01:30:00-05:00"]) {
      const booked = await bookAsAssistant(server, practice, { startTime });
      expect(booked.status).toBe(201);
      expect((await assistantBookingOf(booked)).startTime).toBe(startTime);
    }
  });
});

describe("opening hours that run on", () => {
  it("books an appointment across ranges that touch (08:00–11:00 + 11:00–14:00), for the assistant and staff", async () => {
    const split: WeeklySchedule = {
      ...weeklyScheduleOf([], { start: "09:00", end: "10:00" }),
      "1": [
        { start: "08:00", end: "11:00" },
        { start: "11:00", end: "14:00" },
      ],
    };
    const practice = await practiceWith(split, 60);
    expect(await slotStarts(practice.staff, practice.service._id, "2026-03-09")).toContain(
      "2026-03-09T10:30:00-04:00",
    );
    const booked = await bookAsAssistant(server, practice, { startTime: "2026-03-09T10:30:00-04:00" });
    expect(booked.status).toBe(201);
    const walkIn = await staffCreate(server, practice, { startTime: "2026-03-16T10:30:00-04:00" });
    expect(walkIn.status).toBe(201);
  });

  it("books past midnight into the next day's opening (Friday 20:00–24:00 + Saturday 00:00–02:00)", async () => {
    const late: WeeklySchedule = {
      ...weeklyScheduleOf([], { start: "09:00", end: "10:00" }),
      "5": [{ start: "20:00", end: "24:00" }],
      "6": [{ start: "00:00", end: "02:00" }],
    };
    const practice = await practiceWith(late, 90);
    const friday = await slotStarts(practice.staff, practice.service._id, "2026-03-06");
    expect(friday.slice(-2)).toEqual(["2026-03-06T23:00:00-05:00", "2026-03-06T23:30:00-05:00"]);
    const booked = await bookAsAssistant(server, practice, { startTime: "2026-03-06T23:30:00-05:00" });
    expect(booked.status).toBe(201);
    expect((await assistantBookingOf(booked)).endTime).toBe("2026-03-07T01:00:00-05:00");
  });
});

describe("an empty slots answer says why", () => {
  it("beside data, with the last bookable day", async () => {
    const practice = await practiceWith(weeklyScheduleOf([1, 2, 3, 4, 5], { start: "09:00", end: "17:00" }));
    const { staff, service } = practice;
    expect(await slotsAnswer(staff, service._id, "2026-03-08")).toMatchObject({
      success: true,
      data: [],
      emptyReason: "closed",
      lastBookableDay: "2027-03-02",
    });
    expect(await slotsAnswer(staff, service._id, "2026-03-01")).toMatchObject({
      emptyReason: "minimumNotice",
    });
    expect(await slotsAnswer(staff, service._id, "2027-03-03")).toMatchObject({
      emptyReason: "beyondHorizon",
    });
    const day = await server.request("/api/availability/blackout-dates", {
      json: { startDate: "2026-03-09", endDate: "2026-03-09", startTime: null, endTime: null },
      accessToken: staff.accessToken,
    });
    expect(day.status).toBe(201);
    expect(await slotsAnswer(staff, service._id, "2026-03-09")).toMatchObject({ emptyReason: "blackout" });
    // The assistant reads the same answer.
    const assistants = await server.request(
      `/api/assistant/slots?serviceId=${service._id}&from=2026-03-08&to=2026-03-08`,
      { headers: { "x-api-key": practice.key } },
    );
    expect(await readEnvelope(assistants)).toMatchObject({ data: [], emptyReason: "closed" });
  });
});
