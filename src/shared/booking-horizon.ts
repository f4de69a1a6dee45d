import type { CalendarDate } from "./calendar-date";
import { addCalendarDays } from "./zoned-time";

/**
 * The last day the booking horizon reaches: `bookingHorizonDays` whole days after `today` on the business's
 * calendar. Every slot of that day is bookable, whatever the time of day now (docs/spec-notes.md, "Availability
 * API and free slots"); the slot engine and the availability preview read the horizon through this alone.
 */
export const lastBookableDayOf = (today: CalendarDate, bookingHorizonDays: number): CalendarDate =>
  addCalendarDays(today, bookingHorizonDays);
