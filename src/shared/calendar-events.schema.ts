import { type } from "arktype";
import { isoInstant } from "./iso-instant.schema";

/*
 * Spec 7's calendar events calls (GET/POST /api/calendar/events, PATCH/DELETE /api/calendar/events/:id):
 * the spec shows no payload, so these are ours, over the connected Google Calendar's timed events.
 */

/** An event of the connected calendar; `bookingId` names the booking an event of ours shows. */
export const calendarEvent = type({
  id: "string",
  summary: "string | null",
  description: "string | null",
  /** ISO 8601 instants; null for an all-day event's (it has dates only: `allDayStart`/`allDayEnd`). */
  start: "string | null",
  end: "string | null",
  "allDayStart?": "string",
  "allDayEnd?": "string",
  status: "'confirmed' | 'tentative'",
  bookingId: "string | null",
});
export type CalendarEvent = typeof calendarEvent.infer;

/** GET /api/calendar/events: the events overlapping [timeMin, timeMax). */
export const calendarEventsQuery = type({ timeMin: isoInstant, timeMax: isoInstant });

const summary = "0 < string <= 1024";
const description = "string <= 8192";

/** POST /api/calendar/events: a timed event (ISO 8601 instants, end after start). */
export const calendarEventCreate = type({
  summary,
  "description?": description,
  start: isoInstant,
  end: isoInstant,
});
export type CalendarEventCreate = typeof calendarEventCreate.infer;

/** PATCH /api/calendar/events/:id: the fields to change. */
export const calendarEventUpdate = type({
  "summary?": summary,
  "description?": description,
  "start?": isoInstant,
  "end?": isoInstant,
});
export type CalendarEventUpdate = typeof calendarEventUpdate.infer;

/** POST /api/calendar/resync ("Resync now"): when the check went through. */
export const calendarResync = type({ lastCheckedAt: "string" });
export type CalendarResync = typeof calendarResync.infer;
