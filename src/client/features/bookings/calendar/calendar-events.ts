import type { EventInput } from "@fullcalendar/react";
import type { Booking } from "@shared/booking.schema";
import type { CalendarBusyTime } from "@shared/calendar.schema";
import { wallTimeAt } from "@shared/zoned-time";
import { allowedBookingActions } from "../booking-actions";

/**
 * The bookings (and the business's busy times elsewhere) as FullCalendar's events, and how much of a booking
 * its block can show. FullCalendar is given the business's IANA timezone and places the instants itself.
 */

/** Spec 4: a pending or confirmed booking that has not started can be moved; the rest stay where they are. */
export const canMove = (booking: Booking, now: number) =>
  Date.parse(booking.startTime) > now && allowedBookingActions(booking, now).includes("reschedule");

/**
 * One event per booking, keyed by its id. Only the start moves: a reschedule keeps the booked duration
 * (spec 4), so no booking can be stretched.
 */
export const bookingEvents = (bookings: readonly Booking[], now: number): EventInput[] =>
  bookings.map((booking) => ({
    id: booking._id,
    start: booking.startTime,
    end: booking.endTime,
    title: booking.customerName,
    startEditable: canMove(booking, now),
    durationEditable: false,
  }));

/** Busy times behind the bookings: not clickable, not movable, and not a place to drop a booking on. */
export const busyEvents = (busy: readonly CalendarBusyTime[]): EventInput[] =>
  busy.map(({ start, end }) => ({
    start,
    end,
    display: "background",
    interactive: false,
    overlap: false,
    // A name for the block, as tests find it (its look comes from the theme's backgroundEventClass).
    className: "calendar-busy",
  }));

/** The time grid's scale: one hour is this tall (two 30-minute slots of 1.5rem), a line of text this tall. */
export const HOUR_PX = 48;
const LINE_PX = 16;
/** The block's padding and borders, top and bottom. */
const BLOCK_CHROME_PX = 6;
/** The least height of a block: one whole line, however short the booking (FullCalendar's eventMinHeight). */
export const ONE_LINE_PX = LINE_PX + BLOCK_CHROME_PX;

/**
 * How many whole lines a block of `minutes` in the time grid has room for (1 to 3: time and name, service,
 * status). Only whole lines are drawn, so no line is cut through its letters; each line ellipsizes.
 */
export function linesFor(minutes: number): 1 | 2 | 3 {
  const room = Math.floor(((minutes / 60) * HOUR_PX - BLOCK_CHROME_PX) / LINE_PX);
  return room >= 3 ? 3 : room === 2 ? 2 : 1;
}

/**
 * The hours the time grid shows, as FullCalendar's slotMinTime/slotMaxTime: at least 08–18, widened to every
 * booking and busy time on the shown days (as their clocks show them; one over midnight reaches 24:00).
 */
export function visibleHours(
  items: readonly { start: string; end: string }[],
  timeZone: string,
): { slotMinTime: string; slotMaxTime: string } {
  let first = 8;
  let last = 18;
  for (const { start, end } of items) {
    const from = wallTimeAt(new Date(start), timeZone);
    const to = wallTimeAt(new Date(end), timeZone);
    const sameDay = from.year === to.year && from.month === to.month && from.day === to.day;
    first = Math.min(first, from.hour);
    last = Math.max(last, sameDay ? to.hour + (to.minute > 0 ? 1 : 0) : 24);
    if (!sameDay) first = 0;
  }
  const hours = (hour: number) => `${String(hour).padStart(2, "0")}:00:00`;
  return { slotMinTime: hours(first), slotMaxTime: hours(Math.max(last, first + 1)) };
}
