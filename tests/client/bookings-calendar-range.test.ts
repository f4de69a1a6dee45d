import { describe, expect, it } from "vitest";
import {
  byStartDay,
  laneOf,
  monthWeeks,
  placeOnDay,
  shownDays,
  stepDate,
  visibleHours,
} from "../../src/client/features/bookings/calendar/calendar-range";

const booking = (startTime: string, endTime: string) => ({ startTime, endTime });
const minutes = (placements: { startMinute: number; endMinute: number }[]) =>
  placements.map(({ startMinute, endMinute }) => [startMinute, endMinute]);

describe("the bookings calendar's weeks and months", () => {
  it("shows Monday-first weeks, padded with the neighbouring months", () => {
    const november = monthWeeks("2026-11-15");
    expect(november.map((week) => week[0])).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
    expect(november.at(-1)!.at(-1)).toBe("2026-12-06");
    // February 2027 starts on a Monday and has exactly four weeks.
    expect(monthWeeks("2027-02-10").map((week) => week[0])).toEqual([
      "2027-02-01",
      "2027-02-08",
      "2027-02-15",
      "2027-02-22",
    ]);
    expect(shownDays("week", "2026-03-29")).toEqual([
      "2026-03-23",
      "2026-03-24",
      "2026-03-25",
      "2026-03-26",
      "2026-03-27",
      "2026-03-28",
      "2026-03-29",
    ]);
    expect(shownDays("month", "2026-11-01")).toHaveLength(42);
  });

  it("steps by a week or a month, keeping the day where the month has it", () => {
    expect(stepDate("week", "2026-12-28", 1)).toBe("2027-01-04");
    expect(stepDate("week", "2026-03-02", -1)).toBe("2026-02-23");
    expect(stepDate("month", "2026-01-31", 1)).toBe("2026-02-28");
    expect(stepDate("month", "2024-03-31", -1)).toBe("2024-02-29");
    expect(stepDate("month", "2026-12-15", 1)).toBe("2027-01-15");
    expect(stepDate("month", "2026-01-15", -1)).toBe("2025-12-15");
  });
});

describe("placing bookings by their real instants in the business's timezone", () => {
  it("puts 09:00 at the 09:00 line on both DST days in New York", () => {
    // 2026-03-08 has 23 hours there (EST → EDT), 2026-11-01 has 25 (EDT → EST).
    const spring = booking("2026-03-08T13:00:00Z", "2026-03-08T14:00:00Z");
    expect(minutes(placeOnDay([spring], "2026-03-08", "America/New_York"))).toEqual([[540, 600]]);
    const fall = booking("2026-11-01T14:00:00Z", "2026-11-01T15:30:00Z");
    expect(minutes(placeOnDay([fall], "2026-11-01", "America/New_York"))).toEqual([[540, 630]]);
    // The day before and after each change: same wall times, other offsets.
    const before = booking("2026-03-07T14:00:00Z", "2026-03-07T15:00:00Z");
    expect(minutes(placeOnDay([before], "2026-03-07", "America/New_York"))).toEqual([[540, 600]]);
  });

  it("puts 09:00 at the 09:00 line on both DST days in Warsaw", () => {
    const spring = booking("2026-03-29T07:00:00Z", "2026-03-29T08:00:00Z");
    expect(minutes(placeOnDay([spring], "2026-03-29", "Europe/Warsaw"))).toEqual([[540, 600]]);
    const fall = booking("2026-10-25T08:00:00Z", "2026-10-25T08:45:00Z");
    expect(minutes(placeOnDay([fall], "2026-10-25", "Europe/Warsaw"))).toEqual([[540, 585]]);
    expect(minutes(placeOnDay([fall], "2026-10-24", "Europe/Warsaw"))).toEqual([]);
  });

  it("spans the skipped hour of a spring-forward night by its wall times", () => {
    // 01:30 EST → 03:30 EDT is one real hour; it reads 01:30–03:30 on the clock.
    const overJump = booking("2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z");
    expect(minutes(placeOnDay([overJump], "2026-03-08", "America/New_York"))).toEqual([[90, 210]]);
  });

  it("keeps a booking inside the repeated hour of a fall-back night visible for its real length", () => {
    // 01:30 EDT → 01:30 EST: the clock shows the same time at both ends, an hour apart.
    const repeated = booking("2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z");
    expect(minutes(placeOnDay([repeated], "2026-11-01", "America/New_York"))).toEqual([[90, 150]]);
  });

  it("splits a booking over midnight between its two days, on the 25-hour day too", () => {
    // 23:30 EST on 2026-11-01 is 04:30Z on the 2nd: a device in UTC would call it the 2nd.
    const late = booking("2026-11-02T04:30:00Z", "2026-11-02T05:30:00Z");
    expect(minutes(placeOnDay([late], "2026-11-01", "America/New_York"))).toEqual([[1410, 1440]]);
    expect(minutes(placeOnDay([late], "2026-11-02", "America/New_York"))).toEqual([[0, 30]]);
    expect([...byStartDay([late], "America/New_York").keys()]).toEqual(["2026-11-01"]);
    expect([...byStartDay([late], "Europe/Warsaw").keys()]).toEqual(["2026-11-02"]);
  });

  it("groups bookings by their local start day, soonest first", () => {
    const days = byStartDay(
      [
        booking("2026-03-29T10:00:00Z", "2026-03-29T11:00:00Z"),
        booking("2026-03-28T22:30:00Z", "2026-03-28T23:00:00Z"),
        booking("2026-03-29T07:00:00Z", "2026-03-29T08:00:00Z"),
      ],
      "Europe/Warsaw",
    );
    // 22:30Z on the 28th is 23:30 CET that evening; 07:00Z on the 29th is 09:00 CEST.
    expect([...days.keys()]).toEqual(["2026-03-28", "2026-03-29"]);
    expect(days.get("2026-03-29")!.map((item) => item.startTime)).toEqual([
      "2026-03-29T07:00:00Z",
      "2026-03-29T10:00:00Z",
    ]);
  });

  it("gives overlapping bookings side-by-side lanes and widens the hours to fit them", () => {
    const placements = placeOnDay(
      [
        booking("2026-11-24T14:00:00Z", "2026-11-24T15:00:00Z"),
        booking("2026-11-24T14:30:00Z", "2026-11-24T15:30:00Z"),
        booking("2026-11-24T16:00:00Z", "2026-11-24T17:00:00Z"),
        booking("2026-11-24T11:00:00Z", "2026-11-24T12:00:00Z"),
      ],
      "2026-11-24",
      "America/New_York",
    );
    expect(laneOf(placements)).toEqual([
      { lane: 0, lanes: 1 },
      { lane: 0, lanes: 2 },
      { lane: 1, lanes: 2 },
      { lane: 0, lanes: 1 },
    ]);
    expect(visibleHours(placements)).toEqual({ first: 6, last: 18 });
    expect(visibleHours([])).toEqual({ first: 8, last: 18 });
  });
});
