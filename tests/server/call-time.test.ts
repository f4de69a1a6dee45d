import { describe, expect, it } from "vitest";
import { startTimeRange } from "../../src/server/calls/call-list-range";
import { firstInstantOf, parseIsoTime, placeIsoTime } from "../../src/server/time/iso-time";
import { isCalendarDate } from "../../src/shared/calendar-date";
import {
  addCalendarDays,
  calendarDateAt,
  calendarDayAround,
  placeWallTime,
  startOfCalendarDate,
} from "../../src/shared/zoned-time";

const NEW_YORK = "America/New_York";
const iso = (date: Date) => date.toISOString();

describe("zoned time", () => {
  it("finds the UTC bounds of a local day, 23 and 25 hours long on DST days", () => {
    const spring = calendarDayAround(new Date("2026-03-08T16:00:00Z"), NEW_YORK);
    expect([iso(spring.start), iso(spring.end)]).toEqual([
      "2026-03-08T05:00:00.000Z",
      "2026-03-09T04:00:00.000Z",
    ]);
    const fall = calendarDayAround(new Date("2026-11-01T16:00:00Z"), NEW_YORK);
    expect([iso(fall.start), iso(fall.end)]).toEqual([
      "2026-11-01T04:00:00.000Z",
      "2026-11-02T05:00:00.000Z",
    ]);
    const tokyo = calendarDayAround(new Date("2026-03-08T16:00:00Z"), "Asia/Tokyo");
    expect(iso(tokyo.start)).toBe("2026-03-08T15:00:00.000Z");
  });

  it("starts a day whose midnight does not exist at the first instant that does", () => {
    // Santiago springs forward at midnight: 2026-09-06 begins at 01:00 local (-03).
    expect(iso(startOfCalendarDate("2026-09-06", "America/Santiago"))).toBe("2026-09-06T04:00:00.000Z");
  });

  it("places a wall time once, twice (the clocks go back) or never (they jump over it)", () => {
    const wall = { year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0, millisecond: 0 };
    const HOUR = 3_600_000;
    expect(placeWallTime(wall, NEW_YORK)).toEqual({
      kind: "skipped",
      jump: Date.parse("2026-03-08T07:00:00Z"),
      offsets: [-5 * HOUR, -4 * HOUR],
    });
    expect(placeWallTime({ ...wall, month: 11, day: 1, hour: 1 }, NEW_YORK)).toEqual({
      kind: "repeated",
      instants: [Date.parse("2026-11-01T05:30:00Z"), Date.parse("2026-11-01T06:30:00Z")],
      offsets: [-4 * HOUR, -5 * HOUR],
    });
    expect(placeWallTime({ ...wall, hour: 3, minute: 0 }, NEW_YORK)).toEqual({
      kind: "exact",
      instant: Date.parse("2026-03-08T07:00:00Z"),
      offset: -4 * HOUR,
    });
    // Lord Howe moves by half an hour: 02:15 on its spring night does not exist.
    expect(
      placeWallTime({ ...wall, month: 10, day: 4, hour: 2, minute: 15 }, "Australia/Lord_Howe").kind,
    ).toBe("skipped");
  });

  it("names no instant for a bare wall time the clocks skip or repeat, and says why", () => {
    const placed = (text: string) => placeIsoTime(parseIsoTime(text)!, NEW_YORK, "startTime");
    expect(placed("2027-03-14T02:30")).toEqual({
      problem:
        "startTime 2027-03-14T02:30 does not exist in America/New_York: the clocks jump forward that night (from UTC-05:00 to UTC-04:00); choose another time",
      near: new Date("2027-03-14T07:00:00Z"),
    });
    expect(placed("2027-11-07T01:30")).toEqual({
      problem:
        "startTime 2027-11-07T01:30 happens twice in America/New_York (the clocks go back that night): send it with its offset, 2027-11-07T01:30:00-04:00 or 2027-11-07T01:30:00-05:00",
      near: new Date("2027-11-07T05:30:00Z"),
    });
    // With an offset it is that instant, whatever the clocks do.
    expect(placed("2027-11-07T01:30-05:00")).toEqual({ instant: new Date("2027-11-07T06:30:00Z") });
    expect(placed("2027-03-14T02:30-05:00")).toEqual({ instant: new Date("2027-03-14T07:30:00Z") });
    // A range's bound still has a place: the first instant showing that time or later.
    expect(iso(firstInstantOf(parseIsoTime("2027-03-14T02:30")!, NEW_YORK))).toBe("2027-03-14T07:00:00.000Z");
    expect(iso(firstInstantOf(parseIsoTime("2027-11-07T01:30")!, NEW_YORK))).toBe("2027-11-07T05:30:00.000Z");
  });

  it("does calendar arithmetic on dates and reads the date at an instant", () => {
    expect(addCalendarDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addCalendarDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addCalendarDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(calendarDateAt(new Date("2026-03-02T03:00:00Z"), NEW_YORK)).toBe("2026-03-01");
  });
});

describe("calendar dates (the one YYYY-MM-DD check of client and server)", () => {
  it.each([
    ["2026-03-02", true],
    ["2024-02-29", true],
    ["2000-02-29", true],
    ["2026-12-31", true],
    ["2026-02-29", false],
    ["1900-02-29", false],
    ["2026-04-31", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-1-5", false],
    ["20260302", false],
    [" 2026-03-02", false],
    [20260302, false],
  ])("%s is a day: %s", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
    if (typeof value === "string") expect(parseIsoTime(value) !== null).toBe(expected);
  });
});

describe("ISO 8601 times of the API", () => {
  it.each([
    ["2026-03-02T10:00:00Z", "2026-03-02T10:00:00.000Z"],
    ["2026-03-02T10:00:00.123456Z", "2026-03-02T10:00:00.123Z"],
    ["2026-03-02T10:00:00,5+01:00", "2026-03-02T09:00:00.500Z"],
    ["2026-03-02T10:00+0530", "2026-03-02T04:30:00.000Z"],
    ["2026-03-02T10:00-05", "2026-03-02T15:00:00.000Z"],
    ["2026-03-02T10:00z", "2026-03-02T10:00:00.000Z"],
    ["2026-03-02T10:00", "2026-03-02T15:00:00.000Z"],
    ["2026-03-02", "2026-03-02T05:00:00.000Z"],
    ["2024-02-29", "2024-02-29T05:00:00.000Z"],
  ])("reads %s as %s (New York for times without an offset)", (text, expected) => {
    const time = parseIsoTime(text);
    expect(time).not.toBeNull();
    expect(iso(firstInstantOf(time!, NEW_YORK))).toBe(expected);
    const placed = placeIsoTime(time!, NEW_YORK, "startedAt");
    expect("instant" in placed && iso(placed.instant)).toBe(expected);
  });

  it.each([
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-03-02T24:00",
    "2026-03-02T10:60",
    "2026-03-02T10:00:60",
    "2026-03-02T10:00+24:00",
    "2026-W10-1",
    "2026-061",
    "20260302",
    "2026-03",
    "2026-03-02 10:00",
  ])("refuses %s", (text) => {
    expect(parseIsoTime(text)).toBeNull();
  });

  it("turns the list's startDate and endDate into a half-open range, endDate included", () => {
    const days = startTimeRange({ startDate: "2026-03-08", endDate: "2026-03-08" }, NEW_YORK);
    expect([iso(days.from!), iso(days.to!)]).toEqual([
      "2026-03-08T05:00:00.000Z",
      "2026-03-09T04:00:00.000Z",
    ]);
    const instants = startTimeRange(
      { startDate: "2026-03-02T10:00Z", endDate: "2026-03-02T10:00Z" },
      NEW_YORK,
    );
    expect([iso(instants.from!), iso(instants.to!)]).toEqual([
      "2026-03-02T10:00:00.000Z",
      "2026-03-02T10:00:00.001Z",
    ]);
    expect(startTimeRange({}, NEW_YORK)).toEqual({ from: null, to: null });
    expect(() => startTimeRange({ startDate: "2026-03-03", endDate: "2026-03-02" }, NEW_YORK)).toThrow(
      "startDate must not be after endDate",
    );
  });
});
