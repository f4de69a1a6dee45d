import {
  type CalendarEvent,
  calendarEvent,
  calendarEventCreate,
  calendarEventsQuery,
  calendarEventUpdate,
  calendarResync,
} from "@shared/calendar-events.schema";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { rawRows } from "../db/raw-rows";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps, AppEnv } from "../http/app-env";
import { ok } from "../http/respond";
import { sameSecret } from "../http/same-secret";
import { Refusal } from "../refusal";
import { NOT_CONFIGURED } from "./calendar.routes";
import { type CalendarApi, CalendarApiError, type EventFields, type GoogleEvent } from "./calendar-api";
import { BOOKING_ID_PROPERTY, bookingIdOfEvent } from "./calendar-event-fields";
import type { CalendarSync } from "./calendar-sync";
import { NOTIFICATIONS_PATH } from "./calendar-watch";

const NO_EVENT = "No such event in the connected calendar";
/** Google's notification headers (https://developers.google.com/calendar/api/guides/push). */
const CHANNEL_ID = "x-goog-channel-id";
const CHANNEL_TOKEN = "x-goog-channel-token";
const RESOURCE_STATE = "x-goog-resource-state";

/** A failed call to Google as the caller hears of it. */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof CalendarApiError)) return error;
  switch (error.failure) {
    case "notConnected":
      return new Refusal("CONFLICT", "No Google Calendar is connected (or its connection needs a reconnect)");
    case "notFound":
    case "gone":
      return new Refusal("NOT_FOUND", NO_EVENT);
    case "invalid":
      return new Refusal("VALIDATION", `Google Calendar refused the event: ${error.reason ?? error.message}`);
    case "rateLimited":
    case "unavailable":
      return new Refusal("UNAVAILABLE", "Google Calendar did not answer; try again in a moment");
    default:
      return new Refusal("CONFLICT", `Google Calendar refused: ${error.reason ?? error.message}`);
  }
}

const toCalendarEvent = (event: GoogleEvent): CalendarEvent => ({
  id: event.id,
  summary: event.summary ?? null,
  description: event.description ?? null,
  start: event.start?.dateTime ? new Date(event.start.dateTime).toISOString() : null,
  end: event.end?.dateTime ? new Date(event.end.dateTime).toISOString() : null,
  ...(event.start?.date && { allDayStart: event.start.date }),
  ...(event.end?.date && { allDayEnd: event.end.date }),
  status: event.status === "tentative" ? "tentative" : "confirmed",
  bookingId: event.extendedProperties?.private?.[BOOKING_ID_PROPERTY] ?? bookingIdOfEvent(event.id),
});

/** Start before end, both read as instants; the field named when not. */
function timesOf(start: string | undefined, end: string | undefined): Pick<EventFields, "start" | "end"> {
  if (start !== undefined && end !== undefined && Date.parse(end) <= Date.parse(start))
    throw new Refusal("VALIDATION", "end must be after start", { field: "end" });
  return {
    ...(start !== undefined && { start: { dateTime: new Date(start).toISOString() } }),
    ...(end !== undefined && { end: { dateTime: new Date(end).toISOString() } }),
  };
}

/**
 * Spec 7's calendar events calls, over the business's connected Google Calendar only (the grant names the
 * calendar: no id of another calendar can be asked for), "Resync now", and Google's push notifications.
 * Events of ours (a booking's) are read like any other but not changed here: a booking moves through its own
 * rules (PUT /api/bookings/:id), so PATCH and DELETE refuse them with 409.
 */
export function calendarEventsRoutes(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  guards: RouteGuards,
  calendar: { api: CalendarApi; sync: CalendarSync } | null,
) {
  const router = new ApiRouter("/api/calendar", guards);
  const google = () => {
    if (!calendar) throw new Refusal("UNAVAILABLE", NOT_CONFIGURED);
    return calendar;
  };
  const businessOf = (c: Context<AppEnv>) => c.get("auth").businessId;
  const calling = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw refusalOf(error);
    }
  };
  const refuseOurs = (eventId: string) => {
    if (bookingIdOfEvent(eventId))
      throw new Refusal("CONFLICT", "This event shows a booking: change or cancel the booking instead");
  };

  router.add(
    {
      method: "get",
      path: "/events",
      summary: "The connected calendar's events overlapping [timeMin, timeMax) (spec 7)",
      description:
        "Recurring events come as their instances; deleted ones are left out. bookingId names the booking " +
        "an event of ours shows. 409 CONFLICT without a connected calendar.",
      auth: "user",
      query: calendarEventsQuery,
      response: calendarEvent.array(),
      examples: { query: { timeMin: "2026-03-02T00:00:00Z", timeMax: "2026-03-09T00:00:00Z" } },
      errors: ["CONFLICT", "UNAVAILABLE"],
    },
    async (c, { query }) => {
      const { api } = google();
      const timeMin = new Date(query.timeMin);
      const timeMax = new Date(query.timeMax);
      if (timeMax <= timeMin)
        throw new Refusal("VALIDATION", "timeMax must be after timeMin", { field: "timeMax" });
      const events: CalendarEvent[] = [];
      let pageToken: string | undefined;
      do {
        const page = await calling(() =>
          api.listEvents(businessOf(c), {
            timeMin,
            timeMax,
            singleEvents: true,
            ...(pageToken && { pageToken }),
          }),
        );
        for (const event of page.items ?? [])
          if (event.status !== "cancelled") events.push(toCalendarEvent(event));
        pageToken = page.nextPageToken;
      } while (pageToken);
      return ok(c, events);
    },
  );

  router.add(
    {
      method: "post",
      path: "/events",
      summary: "Add an event to the connected calendar (spec 7)",
      description: "A timed event; end after start. 409 CONFLICT without a connected calendar.",
      auth: "user",
      body: calendarEventCreate,
      response: calendarEvent,
      status: 201,
      examples: {
        body: { summary: "Supplier visit", start: "2026-03-03T14:00:00Z", end: "2026-03-03T15:00:00Z" },
      },
      errors: ["CONFLICT", "UNAVAILABLE"],
    },
    async (c, { body }) => {
      const { api } = google();
      const fields: EventFields = {
        summary: body.summary,
        ...(body.description !== undefined && { description: body.description }),
        ...timesOf(body.start, body.end),
      };
      const event = await calling(() => api.insertEvent(businessOf(c), fields));
      return ok(c, toCalendarEvent(event), 201);
    },
  );

  router.add(
    {
      method: "patch",
      path: "/events/:id",
      summary: "Change an event of the connected calendar (spec 7)",
      description:
        "Only the fields sent change; end after start (checked against the event's other time when only one " +
        "is sent). An event of a booking is 409 CONFLICT (move the booking instead); an unknown one 404.",
      auth: "user",
      body: calendarEventUpdate,
      response: calendarEvent,
      examples: { body: { summary: "Supplier visit (moved)", start: "2026-03-03T15:00:00Z" } },
      errors: ["CONFLICT", "NOT_FOUND", "UNAVAILABLE"],
    },
    async (c, { body }) => {
      const { api } = google();
      const eventId = c.req.param("id") ?? "";
      refuseOurs(eventId);
      const businessId = businessOf(c);
      if (Object.keys(body).length === 0)
        throw new Refusal("VALIDATION", "Send at least one of summary, description, start, end");
      const current = await calling(() => api.getEvent(businessId, eventId));
      if (current.status === "cancelled") throw new Refusal("NOT_FOUND", NO_EVENT);
      const fields: EventFields = {
        ...(body.summary !== undefined && { summary: body.summary }),
        ...(body.description !== undefined && { description: body.description }),
        ...timesOf(body.start ?? current.start?.dateTime, body.end ?? current.end?.dateTime),
      };
      const event = await calling(() => api.patchEvent(businessId, eventId, fields));
      return ok(c, toCalendarEvent(event));
    },
  );

  router.add(
    {
      method: "delete",
      path: "/events/:id",
      summary: "Delete an event of the connected calendar (spec 7)",
      description: "An event of a booking is 409 CONFLICT (cancel the booking instead); an unknown one 404.",
      auth: "user",
      response: null,
      errors: ["CONFLICT", "NOT_FOUND", "UNAVAILABLE"],
    },
    async (c) => {
      const { api } = google();
      const eventId = c.req.param("id") ?? "";
      refuseOurs(eventId);
      await calling(() => api.deleteEvent(businessOf(c), eventId));
      return ok(c, null);
    },
  );

  router.add(
    {
      method: "post",
      path: "/resync",
      summary: '"Resync now": a full sync with the connected calendar and its busy times read again',
      description:
        "Answers when the check went through (the Settings card's last check). 409 CONFLICT without a " +
        "connected calendar (or with a broken one); 503 when Google did not answer.",
      auth: "user",
      response: calendarResync,
      examples: { response: { lastCheckedAt: "2026-03-02T12:00:00.000Z" } },
      errors: ["CONFLICT", "UNAVAILABLE"],
    },
    async (c) => {
      const { sync } = google();
      const businessId = businessOf(c);
      const [connection] = await rawRows<{ broken: boolean }>(
        db,
        sql`select broken_at is not null as broken from calendar_connections where business_id = ${businessId}::uuid`,
      );
      if (!connection || connection.broken)
        throw new Refusal(
          "CONFLICT",
          "No Google Calendar is connected (or its connection needs a reconnect)",
        );
      if (!(await sync.check(businessId, { full: true })))
        throw new Refusal("UNAVAILABLE", "Google Calendar did not answer; try again in a moment");
      return ok(c, { lastCheckedAt: clock().toISOString() });
    },
  );

  router.add(
    {
      method: "post",
      path: NOTIFICATIONS_PATH.slice("/api/calendar".length),
      summary: "Google's push notification of a change in a watched calendar (PUBLIC_URL set)",
      description:
        "Google posts no body; X-Goog-Channel-ID names the channel and X-Goog-Channel-Token must be the " +
        "token it was opened with. The calendar is then checked (incremental sync).",
      response: null,
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const { sync } = google();
      const channelId = c.req.header(CHANNEL_ID) ?? "";
      const token = c.req.header(CHANNEL_TOKEN) ?? "";
      const [channel] = await rawRows<{ businessId: string; token: string | null }>(
        db,
        sql`select business_id as "businessId", watch_token as token from calendar_connections
          where watch_channel_id = ${channelId}`,
      );
      if (!channel?.token || !sameSecret(channel.token, token))
        throw new Refusal("NOT_FOUND", "No such channel");
      // "sync" only says the channel is open; anything else says the calendar changed.
      if (c.req.header(RESOURCE_STATE) !== "sync") await sync.check(channel.businessId);
      return ok(c, null);
    },
  );

  return router;
}
