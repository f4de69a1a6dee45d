import { describe, expect, it } from "vitest";
import {
  bookingEvents,
  busyEvents,
  canMove,
  linesFor,
  visibleHours,
} from "../../src/client/features/bookings/calendar/calendar-events";
import {
  calendarViewOf,
  monthWeeks,
  shownDays,
  stepDate,
} from "../../src/client/features/bookings/calendar/calendar-range";
import type { Booking } from "../../src/shared/booking.schema";

const booking = (patch: Partial<Booking>): Booking => ({
  _id: "b1",
  customerName: "Grace Hopper",
  customerPhone: "+15550001111",
  serviceId: null,
  serviceName: "Colour & Cut",
  startTime: "2026-11-24T14:00:00Z",
  endTime: "2026-11-24T15:00:00Z",
  status: "pending",
  createdAt: "2026-11-20T10:00:00Z",
  source: "assistant",
  callId: null,
  version: 1,
  ...patch,
});
const NOW = Date.parse("2026-11-24T12:00:00Z");

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

  it("shows one day for the day span", () => {
    expect(shownDays("day", "2026-03-29")).toEqual(["2026-03-29"]);
  });

  it("steps by a day, a week or a month, keeping the day where the month has it", () => {
    expect(stepDate("day", "2026-12-31", 1)).toBe("2027-01-01");
    expect(stepDate("day", "2026-03-01", -1)).toBe("2026-02-28");
    expect(stepDate("week", "2026-12-28", 1)).toBe("2027-01-04");
    expect(stepDate("week", "2026-03-02", -1)).toBe("2026-02-23");
    expect(stepDate("month", "2026-01-31", 1)).toBe("2026-02-28");
    expect(stepDate("month", "2024-03-31", -1)).toBe("2024-02-29");
    expect(stepDate("month", "2026-12-15", 1)).toBe("2027-01-15");
    expect(stepDate("month", "2026-01-15", -1)).toBe("2025-12-15");
  });
});

describe("the FullCalendar view of a span", () => {
  it("draws hours for a day, a week and a month's cells on wide screens", () => {
    expect(calendarViewOf("day", false)).toEqual({ view: "timeGridDay", look: "day" });
    expect(calendarViewOf("week", false)).toEqual({ view: "timeGridWeek", look: "week" });
    expect(calendarViewOf("month", false)).toEqual({ view: "dayGridMonth", look: "month" });
  });

  it("lists the days of a week or a month on phones, and keeps a day's hours", () => {
    expect(calendarViewOf("week", true)).toEqual({ view: "listWeek", look: "list" });
    expect(calendarViewOf("month", true)).toEqual({ view: "listMonth", look: "list" });
    expect(calendarViewOf("day", true)).toEqual({ view: "timeGridDay", look: "day" });
  });
});

describe("bookings as calendar events", () => {
  it("lets a pending or confirmed booking that has not started be moved, never stretched", () => {
    const events = bookingEvents(
      [
        booking({ _id: "pending" }),
        booking({ _id: "confirmed", status: "confirmed" }),
        booking({ _id: "completed", status: "completed", startTime: "2026-11-24T10:00:00Z" }),
        booking({ _id: "cancelled", status: "cancelled" }),
        booking({ _id: "started", startTime: "2026-11-24T11:30:00Z" }),
      ],
      NOW,
    );
    expect(events.map((event) => [event.id, event.startEditable, event.durationEditable])).toEqual([
      ["pending", true, false],
      ["confirmed", true, false],
      ["completed", false, false],
      ["cancelled", false, false],
      ["started", false, false],
    ]);
    expect(events[0]).toMatchObject({
      start: "2026-11-24T14:00:00Z",
      end: "2026-11-24T15:00:00Z",
      title: "Grace Hopper",
    });
    // The instant it starts is no longer ahead.
    expect(canMove(booking({ startTime: "2026-11-24T12:00:00Z" }), NOW)).toBe(false);
  });

  it("draws busy times as background blocks no booking can be dropped on", () => {
    expect(busyEvents([{ start: "2026-11-24T09:00:00Z", end: "2026-11-24T10:00:00Z" }])).toEqual([
      {
        start: "2026-11-24T09:00:00Z",
        end: "2026-11-24T10:00:00Z",
        display: "background",
        interactive: false,
        overlap: false,
        className: "calendar-busy",
      },
    ]);
  });

  it("shows only whole lines a block has room for: one under an hour, up to three", () => {
    // 45 minutes is 36 px: one 16 px line with the block's padding, not two cut ones.
    expect([15, 30, 45, 60, 75, 90, 240].map(linesFor)).toEqual([1, 1, 1, 2, 3, 3, 3]);
  });

  it("shows at least 08–18, widened to the bookings and busy times as the business's clock shows them", () => {
    expect(visibleHours([], "America/New_York")).toEqual({
      slotMinTime: "08:00:00",
      slotMaxTime: "18:00:00",
    });
    // 11:00Z is 06:00 EST; 23:30Z–00:15Z is 18:30–19:15.
    expect(
      visibleHours(
        [
          { start: "2026-11-24T11:00:00Z", end: "2026-11-24T12:00:00Z" },
          { start: "2026-11-24T23:30:00Z", end: "2026-11-25T00:15:00Z" },
        ],
        "America/New_York",
      ),
    ).toEqual({ slotMinTime: "06:00:00", slotMaxTime: "20:00:00" });
    // Over midnight in Warsaw (23:30–00:30 CET): the whole day.
    expect(
      visibleHours([{ start: "2026-11-24T22:30:00Z", end: "2026-11-24T23:30:00Z" }], "Europe/Warsaw"),
    ).toEqual({ slotMinTime: "00:00:00", slotMaxTime: "24:00:00" });
  });
});
