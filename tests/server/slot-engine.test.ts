import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BusyInterval,
  offeredSlots,
  offersStart,
  type SlotRequest,
} from "../../src/server/availability/slot-engine";
import { WEEKDAYS, type WeeklySchedule } from "../../src/shared/availability.schema";
import { clockTimeOfMinutes } from "../../src/shared/clock-time";
import { weeklyScheduleOf } from "../../src/shared/weekly-schedule";
import { addCalendarDays, wallTimeAt } from "../../src/shared/zoned-time";

const MINUTE = 60_000;

/** Monday 2026-03-02 in New York, a week without clock changes. */
const MONDAY = "2026-03-02";
const at = (iso: string) => new Date(iso);

function request(overrides: Partial<SlotRequest> = {}): SlotRequest {
  return {
    timeZone: "America/New_York",
    from: MONDAY,
    to: MONDAY,
    now: at("2026-03-01T00:00:00Z"),
    weeklySchedule: weeklyScheduleOf([1], { start: "09:00", end: "10:00" }),
    blackoutDates: [],
    rules: { minimumNoticeMinutes: 0, bookingHorizonDays: 60, slotStepMinutes: 15 },
    service: { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
    busy: [],
    ...overrides,
  };
}

const slotsOf = (input: SlotRequest) => offeredSlots(input).slots;

/** Local start times (HH:MM) of the slots offered. */
const starts = (overrides: Partial<SlotRequest> = {}) =>
  slotsOf(request(overrides)).map((slot) => slot.start.slice(11, 16));

const busy = (start: string, end: string): BusyInterval => ({ start: at(start), end: at(end) });

/** A week closed but for `days`, each open in the ranges given. */
const openOnly = (days: Partial<WeeklySchedule>): WeeklySchedule => ({
  ...weeklyScheduleOf([], { start: "00:00", end: "00:01" }),
  ...days,
});

describe("the slot engine's rules", () => {
  it("offers slots wholly inside a range, on the step grid, with the business's offset", () => {
    expect(slotsOf(request())).toEqual([
      { start: "2026-03-02T09:00:00-05:00", end: "2026-03-02T09:30:00-05:00" },
      { start: "2026-03-02T09:15:00-05:00", end: "2026-03-02T09:45:00-05:00" },
      { start: "2026-03-02T09:30:00-05:00", end: "2026-03-02T10:00:00-05:00" },
    ]);
  });

  it("counts the grid from each range's own start and never lets a slot straddle a break", () => {
    const schedule = openOnly({
      "1": [
        { start: "13:10", end: "14:00" },
        { start: "09:00", end: "10:00" },
      ],
    });
    expect(
      starts({ weeklySchedule: schedule, service: { ...request().service, durationMinutes: 45 } }),
    ).toEqual(["09:00", "09:15", "13:10"]);
    expect(starts({ weeklySchedule: schedule, rules: { ...request().rules, slotStepMinutes: 25 } })).toEqual([
      "09:00",
      "09:25",
      "13:10",
    ]);
  });

  it("offers an appointment across ranges that touch: open time is their union", () => {
    const split = openOnly({
      "1": [
        { start: "08:00", end: "11:00" },
        { start: "11:00", end: "14:00" },
      ],
    });
    const hour = { ...request().service, durationMinutes: 60 };
    const rules = { ...request().rules, slotStepMinutes: 30 };
    const offered = starts({ weeklySchedule: split, service: hour, rules });
    expect(offered).toContain("10:30");
    expect(offered).toEqual([
      "08:00",
      "08:30",
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
    ]);
    // The same hours as one range offer the same slots.
    const whole = weeklyScheduleOf([1], { start: "08:00", end: "14:00" });
    expect(starts({ weeklySchedule: whole, service: hour, rules })).toEqual(offered);
  });

  it("offers an appointment that runs on past midnight into the next day's opening", () => {
    const late = openOnly({
      "5": [{ start: "20:00", end: "24:00" }],
      "6": [{ start: "00:00", end: "02:00" }],
    });
    const friday = { from: "2026-03-06", to: "2026-03-06", weeklySchedule: late };
    const ninety = { ...request().service, durationMinutes: 90 };
    const rules = { ...request().rules, slotStepMinutes: 30 };
    const fridayStarts = ["20:00", "20:30", "21:00", "21:30", "22:00", "22:30", "23:00", "23:30"];
    expect(starts({ ...friday, service: ninety, rules })).toEqual(fridayStarts);
    expect(slotsOf(request({ ...friday, service: ninety, rules })).at(-1)).toEqual({
      start: "2026-03-06T23:30:00-05:00",
      end: "2026-03-07T01:00:00-05:00",
    });
    // Saturday's own slots start at its own range; a Saturday blackout from 00:30 cuts Friday's last one.
    const shut = { startDate: "2026-03-07", endDate: "2026-03-07", startTime: "00:30", endTime: null };
    expect(starts({ ...friday, service: ninety, rules, blackoutDates: [shut] })).toEqual(
      fridayStarts.slice(0, -1),
    );
  });

  it("closes one blackout span from its start to its end, whatever days lie between", () => {
    const week = weeklyScheduleOf([1, 2, 3, 4, 5, 6, 0], { start: "09:00", end: "17:00" });
    // Friday 14:00 to Monday 10:00, one entry.
    const span = { startDate: "2026-03-06", endDate: "2026-03-09", startTime: "14:00", endTime: "10:00" };
    const slots = slotsOf(
      request({
        weeklySchedule: week,
        from: "2026-03-06",
        to: "2026-03-09",
        rules: { ...request().rules, slotStepMinutes: 60 },
        service: { ...request().service, durationMinutes: 60 },
        blackoutDates: [span],
      }),
    ).map((slot) => slot.start.slice(0, 16));
    expect(slots).toEqual([
      "2026-03-06T09:00",
      "2026-03-06T10:00",
      "2026-03-06T11:00",
      "2026-03-06T12:00",
      "2026-03-06T13:00",
      "2026-03-09T10:00",
      "2026-03-09T11:00",
      "2026-03-09T12:00",
      "2026-03-09T13:00",
      "2026-03-09T14:00",
      "2026-03-09T15:00",
      "2026-03-09T16:00",
    ]);
  });

  it("says why an answer is empty", () => {
    const reason = (overrides: Partial<SlotRequest>) => offeredSlots(request(overrides)).emptyReason;
    expect(reason({})).toBeNull();
    expect(reason({ weeklySchedule: weeklyScheduleOf([2], { start: "09:00", end: "10:00" }) })).toBe(
      "closed",
    );
    const wholeDay = { startDate: MONDAY, endDate: MONDAY, startTime: null, endTime: null };
    expect(reason({ blackoutDates: [wholeDay] })).toBe("blackout");
    expect(reason({ service: { ...request().service, durationMinutes: 90 } })).toBe("tooLong");
    expect(reason({ now: at("2026-03-02T14:45:00Z") })).toBe("minimumNotice"); // 09:45, the last start gone
    expect(reason({ now: at("2026-03-03T12:00:00Z") })).toBe("minimumNotice"); // the day has passed
    expect(reason({ rules: { ...request().rules, bookingHorizonDays: 1 } })).toBe("beyondHorizon");
    const day = busy("2026-03-02T14:00:00Z", "2026-03-02T15:00:00Z");
    expect(reason({ busy: [day] })).toBe("fullyBooked");
  });

  it("reads the weekday of each local day (0 = Sunday) and ends a range at 24:00", () => {
    const sunday = weeklyScheduleOf([0], { start: "23:00", end: "24:00" });
    expect(starts({ weeklySchedule: sunday, from: "2026-02-28", to: "2026-03-02" })).toEqual([
      "23:00",
      "23:15",
      "23:30",
    ]);
    expect(slotsOf(request({ weeklySchedule: sunday, from: "2026-03-01", to: "2026-03-01" })).at(-1)).toEqual(
      { start: "2026-03-01T23:30:00-05:00", end: "2026-03-02T00:00:00-05:00" },
    );
    expect(starts({ weeklySchedule: weeklyScheduleOf([], { start: "09:00", end: "10:00" }) })).toEqual([]);
  });

  it("offers nothing on a whole-day blackout, in any day of its range", () => {
    const week = weeklyScheduleOf([1, 2, 3], { start: "09:00", end: "10:00" });
    const blackout = { startDate: "2026-03-02", endDate: "2026-03-03", startTime: null, endTime: null };
    const slots = slotsOf(request({ weeklySchedule: week, to: "2026-03-04", blackoutDates: [blackout] }));
    expect(new Set(slots.map((slot) => slot.start.slice(0, 10)))).toEqual(new Set(["2026-03-04"]));
  });

  it("removes only the slots that overlap a blackout's hours (touching it is fine)", () => {
    const blackout = { startDate: MONDAY, endDate: MONDAY, startTime: "09:30", endTime: "09:40" };
    expect(starts({ blackoutDates: [blackout], rules: { ...request().rules, slotStepMinutes: 10 } })).toEqual(
      ["09:00"],
    );
    const early = { ...blackout, startTime: "08:00", endTime: "09:15" };
    expect(starts({ blackoutDates: [early] })).toEqual(["09:15", "09:30"]);
  });

  it("starts no sooner than now plus the minimum notice, on the grid", () => {
    const now = at("2026-03-02T14:05:00Z"); // 09:05 in New York
    expect(starts({ now, rules: { ...request().rules, minimumNoticeMinutes: 0 } })).toEqual([
      "09:15",
      "09:30",
    ]);
    expect(starts({ now, rules: { ...request().rules, minimumNoticeMinutes: 10 } })).toEqual([
      "09:15",
      "09:30",
    ]);
    expect(starts({ now, rules: { ...request().rules, minimumNoticeMinutes: 11 } })).toEqual(["09:30"]);
    expect(starts({ now, rules: { ...request().rules, minimumNoticeMinutes: 26 } })).toEqual([]);
  });

  it("offers every slot through the end of the horizon's last local day, and names that day", () => {
    const now = at("2026-02-28T23:15:00Z"); // Saturday 18:15 in New York
    const horizon = { ...request().rules, bookingHorizonDays: 2 };
    expect(starts({ now, rules: horizon })).toEqual(["09:00", "09:15", "09:30"]);
    expect(offeredSlots(request({ now, rules: horizon })).lastBookableDay).toBe(MONDAY);
    const short = request({ now, rules: { ...horizon, bookingHorizonDays: 1 } });
    expect(offeredSlots(short)).toEqual({
      slots: [],
      emptyReason: "beyondHorizon",
      lastBookableDay: "2026-03-01",
    });
  });

  it("keeps the service's buffers clear of busy time, and lets them touch it", () => {
    const service = { durationMinutes: 30, bufferBeforeMinutes: 10, bufferAfterMinutes: 5 };
    const long = weeklyScheduleOf([1], { start: "09:00", end: "12:00" });
    const taken = busy("2026-03-02T15:00:00Z", "2026-03-02T15:30:00Z"); // 10:00–10:30 local
    const rules = { ...request().rules, slotStepMinutes: 5 };
    const offered = starts({ weeklySchedule: long, service, busy: [taken], rules });
    expect(offered).toContain("09:25"); // ends 09:55, its buffer after ends 10:00
    expect(offered).not.toContain("09:30");
    expect(offered).not.toContain("10:35"); // its buffer before starts 10:25
    expect(offered).toContain("10:40");
    expect(offered.filter((time) => time > "09:25" && time < "10:40")).toEqual([]);
  });

  it("sees every busy interval, overlapping, nested, unsorted or empty", () => {
    const long = weeklyScheduleOf([1], { start: "09:00", end: "13:00" });
    const intervals = [
      busy("2026-03-02T16:00:00Z", "2026-03-02T16:30:00Z"), // 11:00–11:30
      busy("2026-03-02T14:00:00Z", "2026-03-02T17:00:00Z"), // 09:00–12:00, holds the other
      busy("2026-03-02T17:30:00Z", "2026-03-02T17:30:00Z"), // empty: takes nothing
    ];
    expect(starts({ weeklySchedule: long, busy: intervals })).toEqual(["12:00", "12:15", "12:30"]);
  });

  it("answers in time order across days and ranges", () => {
    const week = weeklyScheduleOf([1, 2, 3, 4, 5], { start: "09:00", end: "17:00" });
    const slots = slotsOf(request({ weeklySchedule: week, to: "2026-03-08" }));
    expect(slots).toHaveLength(5 * 31);
    const instants = slots.map((slot) => Date.parse(slot.start));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
  });
});

describe("the nights the clocks change (a 01:00–04:00 range, 30-minute slots every 30 minutes)", () => {
  /** The slots of the day `date` in `timeZone`, asked on New Year's Day (inside a two-year horizon). */
  const dayIn = (timeZone: string, date: string, overrides: Partial<SlotRequest>) =>
    slotsOf(
      request({
        timeZone,
        from: date,
        to: date,
        now: at("2026-01-01T00:00:00Z"),
        rules: { minimumNoticeMinutes: 0, bookingHorizonDays: 730, slotStepMinutes: 30 },
        ...overrides,
      }),
    );
  const night = (timeZone: string, date: string) =>
    dayIn(timeZone, date, { weeklySchedule: weeklyScheduleOf([0], { start: "01:00", end: "04:00" }) });

  it.each([
    [
      "Europe/Warsaw",
      "2026-03-29",
      [
        "2026-03-29T01:00:00+01:00",
        "2026-03-29T01:30:00+01:00",
        "2026-03-29T03:00:00+02:00",
        "2026-03-29T03:30:00+02:00",
      ],
    ],
    [
      "America/New_York",
      "2026-03-08",
      [
        "2026-03-08T01:00:00-05:00",
        "2026-03-08T01:30:00-05:00",
        "2026-03-08T03:00:00-04:00",
        "2026-03-08T03:30:00-04:00",
      ],
    ],
  ])("%s %s (spring forward): two real hours, no time that does not exist", (timeZone, date, expected) => {
    const slots = night(timeZone, date);
    expect(slots.map((slot) => slot.start)).toEqual(expected);
    for (const slot of slots) {
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * MINUTE);
      expect(slot.start.slice(11, 13)).not.toBe("02");
    }
  });

  it.each([
    [
      "Europe/Warsaw",
      "2026-10-25",
      [
        "2026-10-25T01:00:00+02:00",
        "2026-10-25T01:30:00+02:00",
        "2026-10-25T02:00:00+02:00",
        "2026-10-25T02:30:00+02:00",
        "2026-10-25T02:00:00+01:00",
        "2026-10-25T02:30:00+01:00",
        "2026-10-25T03:00:00+01:00",
        "2026-10-25T03:30:00+01:00",
      ],
    ],
    [
      "America/New_York",
      "2026-11-01",
      [
        "2026-11-01T01:00:00-04:00",
        "2026-11-01T01:30:00-04:00",
        "2026-11-01T01:00:00-05:00",
        "2026-11-01T01:30:00-05:00",
        "2026-11-01T02:00:00-05:00",
        "2026-11-01T02:30:00-05:00",
        "2026-11-01T03:00:00-05:00",
        "2026-11-01T03:30:00-05:00",
      ],
    ],
  ])("%s %s (fall back): four real hours, each instant once", (timeZone, date, expected) => {
    const slots = night(timeZone, date);
    expect(slots.map((slot) => slot.start)).toEqual(expected);
    const instants = slots.map((slot) => Date.parse(slot.start));
    expect(new Set(instants).size).toBe(instants.length);
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
  });

  it("keeps durations in elapsed minutes across the change, and a slot may span it", () => {
    const slots = dayIn("Europe/Warsaw", "2026-03-29", {
      weeklySchedule: weeklyScheduleOf([0], { start: "01:00", end: "04:00" }),
      rules: { minimumNoticeMinutes: 0, bookingHorizonDays: 730, slotStepMinutes: 15 },
      service: { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
    });
    expect(slots[0]).toEqual({ start: "2026-03-29T01:00:00+01:00", end: "2026-03-29T03:00:00+02:00" });
    expect(slots.at(-1)).toEqual({ start: "2026-03-29T03:00:00+02:00", end: "2026-03-29T04:00:00+02:00" });
    expect(slots).toHaveLength(5); // 120 real minutes, 60-minute slots every 15
  });

  it("starts a range that begins in the skipped hour when the clocks jump, and keeps ranges apart", () => {
    const schedule = openOnly({
      "0": [
        { start: "01:00", end: "02:30" },
        { start: "02:30", end: "03:30" },
      ],
    });
    const slots = dayIn("Europe/Warsaw", "2026-03-29", { weeklySchedule: schedule });
    expect(slots.map((slot) => slot.start)).toEqual([
      "2026-03-29T01:00:00+01:00",
      "2026-03-29T01:30:00+01:00",
      "2026-03-29T03:00:00+02:00",
    ]);
  });
});

/**
 * The reference: a minute-by-minute reading of the rules, sharing nothing with the engine but the inputs.
 * Time is a row of UTC minutes, each labelled with what the zone's clock shows then (asked of Intl one
 * minute at a time); a local time of day is the first minute whose label is that time or later.
 */
type Window = { timeZone: string; firstDay: string; days: number; base: number; labels: Label[] };
type Label = { date: string; minuteOfDay: number; offsetMinutes: number };

function windowAround(timeZone: string, day: string): Window {
  const firstDay = addCalendarDays(day, -3);
  const days = 10;
  const base = Date.parse(`${addCalendarDays(firstDay, -1)}T00:00:00Z`) / MINUTE;
  const labels: Label[] = [];
  for (let minute = 0; minute < (days + 2) * 1440; minute++) {
    const wall = wallTimeAt(new Date((base + minute) * MINUTE), timeZone);
    const date = `${wall.year}-${String(wall.month).padStart(2, "0")}-${String(wall.day).padStart(2, "0")}`;
    const minuteOfDay = wall.hour * 60 + wall.minute;
    const localMinute = Date.parse(`${date}T00:00:00Z`) / MINUTE + minuteOfDay;
    labels.push({ date, minuteOfDay, offsetMinutes: localMinute - (base + minute) });
  }
  return { timeZone, firstDay, days, base, labels };
}

/**
 * UTC minute (relative to the window's base) at which the clock first shows `minuteOfDay` on `date` or later;
 * the window's length when that is after it.
 */
function firstMinuteShowing(window: Window, date: string, minuteOfDay: number): number {
  const index = window.labels.findIndex(
    (label) => label.date > date || (label.date === date && label.minuteOfDay >= minuteOfDay),
  );
  // After the window: later than any minute it labels (a horizon may reach past it).
  return index < 0 ? window.labels.length : index;
}

function referenceSlots(window: Window, input: SlotRequest): string[] {
  const toMinute = (date: Date) => date.getTime() / MINUTE - window.base;
  const now = toMinute(input.now);
  const { durationMinutes: duration, bufferBeforeMinutes: before, bufferAfterMinutes: after } = input.service;
  const taken = new Set<number>();
  for (const interval of input.busy)
    for (let m = toMinute(interval.start); m < toMinute(interval.end); m++) taken.add(m);
  const iso = (minute: number) => {
    const label = window.labels[minute]!;
    const sign = label.offsetMinutes < 0 ? "-" : "+";
    const offset = Math.abs(label.offsetMinutes);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${label.date}T${pad(Math.floor(label.minuteOfDay / 60))}:${pad(label.minuteOfDay % 60)}:00${sign}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`;
  };
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
  const rangesOn = (date: string) =>
    input.weeklySchedule[WEEKDAYS[weekdayOf(date)]!].map((range) => ({
      start: firstMinuteShowing(window, date, minutesOf(range.start)),
      end: firstMinuteShowing(window, date, minutesOf(range.end)),
    }));
  // Open time: every range of the days asked and the two after (an appointment may run on), less blackouts.
  const open = new Set<number>();
  for (let date = input.from; date <= addCalendarDays(input.to, 2); date = addCalendarDays(date, 1))
    for (const range of rangesOn(date)) for (let m = range.start; m < range.end; m++) open.add(m);
  for (const blackout of input.blackoutDates) {
    const from = firstMinuteShowing(window, blackout.startDate, minutesOf(blackout.startTime ?? "00:00"));
    const to = firstMinuteShowing(window, blackout.endDate, minutesOf(blackout.endTime ?? "24:00"));
    for (let m = from; m < to; m++) open.delete(m);
  }
  const today = window.labels[now]!.date;
  const horizonEnd = firstMinuteShowing(window, addCalendarDays(today, input.rules.bookingHorizonDays), 1440);
  const found: string[] = [];
  for (let date = input.from; date <= input.to; date = addCalendarDays(date, 1)) {
    for (const range of rangesOn(date)) {
      for (let t = range.start; t < range.end; t += input.rules.slotStepMinutes) {
        if (t < now + input.rules.minimumNoticeMinutes || t >= horizonEnd) continue;
        let legal = true;
        for (let m = t; m < t + duration && legal; m++) if (!open.has(m)) legal = false;
        for (let m = t - before; m < t + duration + after && legal; m++) if (taken.has(m)) legal = false;
        if (legal) found.push(`${iso(t)} ${iso(t + duration)}`);
      }
    }
  }
  return found.sort((a, b) => Date.parse(a.split(" ")[0]!) - Date.parse(b.split(" ")[0]!));
}

describe("the slot engine against a minute-by-minute reference", () => {
  const windows = [
    windowAround("Europe/Warsaw", "2026-03-29"),
    windowAround("Europe/Warsaw", "2026-10-25"),
    windowAround("America/New_York", "2026-03-08"),
    windowAround("America/New_York", "2026-11-01"),
    // Half an hour forward and back, and a zone without changes.
    windowAround("Australia/Lord_Howe", "2026-04-05"),
    windowAround("Asia/Kolkata", "2026-03-08"),
  ];
  // Boundaries cluster in the small hours, where the clocks change, and at midnight, where days join.
  const minuteOfDay = fc.oneof(
    fc.integer({ min: 0, max: 1440 }),
    fc.integer({ min: 0, max: 300 }),
    fc.constantFrom(0, 1440),
  );
  // Sorted bounds taken in pairs: a range may touch the next (a repeated bound), or run to 24:00.
  const dayRanges = fc
    .array(minuteOfDay, { minLength: 2, maxLength: 6 })
    .map((bounds) => bounds.sort((a, b) => a - b))
    .map((bounds) =>
      Array.from({ length: Math.floor(bounds.length / 2) }, (_, i) => ({
        start: clockTimeOfMinutes(bounds[2 * i]!),
        end: clockTimeOfMinutes(bounds[2 * i + 1]!),
      })).filter((range) => range.start < range.end && range.start !== "24:00"),
    );
  const schedule = fc
    .tuple(...WEEKDAYS.map(() => dayRanges))
    .map(
      (days) => Object.fromEntries(WEEKDAYS.map((day, i) => [day, days[i]!])) as unknown as WeeklySchedule,
    );

  const scenario = fc.integer({ min: 0, max: windows.length - 1 }).chain((w) => {
    const window = windows[w]!;
    const dayIn = fc.integer({ min: 1, max: 4 }).map((n) => addCalendarDays(window.firstDay, n));
    const minuteIn = fc.integer({ min: 1440, max: 8 * 1440 });
    const instant = (minute: number) => new Date((window.base + minute) * MINUTE);
    // A span from a start (date, time or its day's start) to an end (date, time or its day's end).
    const blackout = fc
      .record({
        startDate: dayIn,
        length: fc.integer({ min: 0, max: 3 }),
        startMinute: fc.option(
          minuteOfDay.filter((m) => m < 1440),
          { nil: null },
        ),
        endMinute: fc.option(
          minuteOfDay.filter((m) => m > 0),
          { nil: null },
        ),
      })
      .filter(({ length, startMinute, endMinute }) => length > 0 || (startMinute ?? 0) < (endMinute ?? 1440))
      .map(({ startDate, length, startMinute, endMinute }) => ({
        startDate,
        endDate: addCalendarDays(startDate, length),
        startTime: startMinute === null ? null : clockTimeOfMinutes(startMinute),
        endTime: endMinute === null ? null : clockTimeOfMinutes(endMinute),
      }));
    // Mostly before the first day asked, sometimes inside it.
    const fromAndNow = fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: -720, max: 2880 }))
      .map(([n, earlier]) => ({
        from: addCalendarDays(window.firstDay, n),
        now: instant((n + 1) * 1440 - earlier),
      }));
    return fc.record({
      window: fc.constant(w),
      fromAndNow,
      days: fc.integer({ min: 0, max: 2 }),
      weeklySchedule: schedule,
      blackoutDates: fc.array(blackout, { maxLength: 2 }),
      rules: fc.record({
        minimumNoticeMinutes: fc.integer({ min: 0, max: 600 }),
        bookingHorizonDays: fc.integer({ min: 1, max: 6 }),
        slotStepMinutes: fc.oneof(fc.constantFrom(5, 15, 30, 60), fc.integer({ min: 1, max: 90 })),
      }),
      service: fc.record({
        durationMinutes: fc.integer({ min: 1, max: 180 }),
        bufferBeforeMinutes: fc.integer({ min: 0, max: 60 }),
        bufferAfterMinutes: fc.integer({ min: 0, max: 60 }),
      }),
      busy: fc.array(
        fc
          .tuple(minuteIn, fc.integer({ min: 0, max: 240 }))
          .map(([start, length]) => ({ start: instant(start), end: instant(start + length) })),
        { maxLength: 6 },
      ),
    });
  });

  it("offers exactly the legal grid starts, with their ends and offsets", () => {
    let runs = 0;
    let offering = 0;
    fc.assert(
      fc.property(scenario, ({ window: w, days, fromAndNow, ...rest }) => {
        const window = windows[w]!;
        const input: SlotRequest = {
          ...rest,
          ...fromAndNow,
          timeZone: window.timeZone,
          to: addCalendarDays(fromAndNow.from, days),
        };
        const offered = slotsOf(input).map((slot) => `${slot.start} ${slot.end}`);
        expect(offered).toEqual(referenceSlots(window, input));
        runs++;
        if (offered.length > 0) offering++;
      }),
      { numRuns: 300 },
    );
    // Scenarios that offer nothing prove little: a good share must offer something.
    expect(offering / runs).toBeGreaterThan(0.4);
  }, 60_000); // 300 scenarios against the brute force take seconds, more on a busy machine

  it("agrees with offersStart, which looks at one start alone, on and off the grid, busy time included", () => {
    const later = fc.array(fc.integer({ min: 0, max: 3 * 1440 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(scenario, later, ({ window: w, days, fromAndNow, ...rest }, minutes) => {
        const input: SlotRequest = {
          ...rest,
          ...fromAndNow,
          timeZone: windows[w]!.timeZone,
          to: addCalendarDays(fromAndNow.from, days),
        };
        const offered = new Set(slotsOf(input).map((slot) => Date.parse(slot.start)));
        for (const start of offered) expect(offersStart(input, start)).toBe(true);
        for (const minute of minutes) {
          const start = input.now.getTime() + minute * MINUTE;
          expect(offersStart(input, start)).toBe(offered.has(start));
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
