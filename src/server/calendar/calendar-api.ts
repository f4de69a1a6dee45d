import { type } from "arktype";
import type { CalendarAccess, CalendarGrant } from "./calendar-access";

/*
 * A small client of Google Calendar API v3 (https://developers.google.com/calendar/api/v3/reference): the
 * calls CallDesk makes, each for one business through its CalendarAccess (a grant right before each call),
 * each answer checked against the part of Google's resource we read. Every failure is one CalendarApiError.
 */

const eventTime = type({ "dateTime?": "string", "date?": "string", "timeZone?": "string" });

/** An event as far as we read it (Google's Events resource). */
export const googleEvent = type({
  id: "string",
  "etag?": "string",
  /** Deleted events come back as `cancelled` in an incremental sync (and with showDeleted). */
  "status?": "'confirmed' | 'tentative' | 'cancelled'",
  "summary?": "string",
  "description?": "string",
  "start?": eventTime,
  "end?": eventTime,
  "updated?": "string",
  "transparency?": "'opaque' | 'transparent'",
  "extendedProperties?": { "private?": "Record<string, string>", "shared?": "Record<string, string>" },
});
export type GoogleEvent = typeof googleEvent.infer;

const eventList = type({
  "items?": googleEvent.array(),
  "nextPageToken?": "string",
  "nextSyncToken?": "string",
});
export type GoogleEventPage = typeof eventList.infer;

const freeBusyAnswer = type({
  calendars: type({
    "[string]": { "busy?": type({ start: "string", end: "string" }).array(), "errors?": "unknown[]" },
  }),
});

const channelAnswer = type({ id: "string", resourceId: "string", "expiration?": "string | number" });
export type WatchChannel = { id: string; resourceId: string; expiresAt: Date | null };

const errorAnswer = type({
  error: {
    "code?": "number",
    "message?": "string",
    "errors?": type({ "reason?": "string", "message?": "string" }).array(),
  },
});

/**
 * Why a call failed, as callers act on it. `rateLimited`: Google's 429, or a 403 whose reason is a rate or
 * quota limit (Retry-After honoured when sent). `unauthorized`: a 401 that a fresh grant did not cure.
 * `forbidden`: any other 403 (access taken away). `notFound` (404) and `gone` (410: a deleted event, or a
 * stale sync token) depend on what was asked. `conflict`: 409 (an event id already taken). `invalid`: 400.
 * `unavailable`: no answer, a 5xx, a body that is not Google's. `notConnected`: no grant to call with.
 */
export type CalendarFailure =
  | "rateLimited"
  | "unauthorized"
  | "forbidden"
  | "notFound"
  | "gone"
  | "conflict"
  | "invalid"
  | "unavailable"
  | "notConnected";

export class CalendarApiError extends Error {
  constructor(
    readonly call: string,
    readonly failure: CalendarFailure,
    readonly status: number | null,
    /** Google's reason (e.g. rateLimitExceeded, fullSyncRequired) and message. */
    readonly reason: string | null,
    detail: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Google Calendar ${call} failed: ${status ?? "no answer"} ${detail}`);
    this.name = "CalendarApiError";
  }
}

const RATE_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded", "quotaExceeded"]);
/** A call that takes longer than this is given up (and tried again later by whoever asked). */
const TIMEOUT_MS = 15_000;

function failureOf(status: number, reason: string | null): CalendarFailure {
  if (status === 429 || (status === 403 && reason !== null && RATE_REASONS.has(reason))) return "rateLimited";
  if (status >= 500) return "unavailable";
  const known: Partial<Record<number, CalendarFailure>> = {
    400: "invalid",
    401: "unauthorized",
    403: "forbidden",
    404: "notFound",
    409: "conflict",
    410: "gone",
  };
  return known[status] ?? "invalid";
}

function retryAfterOf(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export type EventListQuery =
  | { syncToken: string; pageToken?: string }
  | {
      timeMin?: Date;
      timeMax?: Date;
      /** `key=value`: only events carrying that private extended property. */
      privateExtendedProperty?: string;
      pageToken?: string;
      singleEvents?: boolean;
    };

/** What the client writes of an event (the fields we own; Google keeps the rest). */
export type EventFields = Partial<Omit<GoogleEvent, "etag" | "updated">>;

export type CalendarApi = ReturnType<typeof createCalendarApi>;

export function createCalendarApi(deps: { baseUrl: string; access: CalendarAccess; fetch?: typeof fetch }) {
  const send = deps.fetch ?? fetch;
  /** A call's method and JSON body (or what it is for the granted calendar's id). */
  type CallInit = { method: string; body?: object | ((calendarId: string) => object) };

  /** One attempt with a grant; answers the Response or throws a CalendarApiError. */
  const attempt = async (
    call: string,
    grant: CalendarGrant,
    path: (calendarId: string) => string,
    init: CallInit,
  ): Promise<Response> => {
    const body = typeof init.body === "function" ? init.body(grant.calendarId) : init.body;
    try {
      return await send(`${deps.baseUrl}${path(encodeURIComponent(grant.calendarId))}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${grant.accessToken}`,
          ...(body !== undefined && { "content-type": "application/json" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new CalendarApiError(call, "unavailable", null, null, detail);
    }
  };

  /**
   * Calls Google for the business; a 401 asks once for a grant other than the refused one (a token revoked
   * or expired early: refreshed, however far its stored expiry) and retries. `given`: the one grant to call
   * with (a connection no longer stored), no other tried. Answers the body read (null for 204), or throws a
   * CalendarApiError.
   */
  const request = async (
    businessId: string,
    call: string,
    path: (calendarId: string) => string,
    init: CallInit,
    given?: CalendarGrant,
  ): Promise<unknown> => {
    let response: Response | null = null;
    let refused: CalendarGrant | undefined;
    for (let tries = 0; tries < 2 && (response === null || response.status === 401); tries++) {
      await response?.body?.cancel();
      const grant = given ? (refused ? null : given) : await deps.access.grantFor(businessId, refused);
      if (!grant) throw new CalendarApiError(call, "notConnected", null, null, "no calendar connected");
      response = await attempt(call, grant, path, init);
      refused = grant;
    }
    const answered = response!;
    const text = await answered.text().catch(() => "");
    if (answered.ok) return text ? JSON.parse(text) : null;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {}
    const error = errorAnswer(parsed);
    const [first] = error instanceof type.errors ? [] : (error.error.errors ?? []);
    const reason = first?.reason ?? null;
    const message = error instanceof type.errors ? text.slice(0, 200) : (error.error.message ?? "");
    throw new CalendarApiError(
      call,
      failureOf(answered.status, reason),
      answered.status,
      reason,
      `${reason ?? ""} ${message}`.trim(),
      retryAfterOf(answered.headers.get("retry-after")),
    );
  };

  const checked = <T>(call: string, schema: (data: unknown) => T | type.errors, data: unknown): T => {
    const value = schema(data);
    if (value instanceof type.errors)
      throw new CalendarApiError(call, "unavailable", 200, null, `unexpected answer: ${value.summary}`);
    return value;
  };

  const eventPath = (eventId: string) => (calendarId: string) =>
    `/calendars/${calendarId}/events/${encodeURIComponent(eventId)}`;

  return {
    /** events.insert; an `id` of ours already in the calendar (even deleted) is a `conflict`. */
    async insertEvent(businessId: string, event: EventFields): Promise<GoogleEvent> {
      const data = await request(businessId, "events.insert", (c) => `/calendars/${c}/events`, {
        method: "POST",
        body: event,
      });
      return checked("events.insert", googleEvent, data);
    },
    async patchEvent(businessId: string, eventId: string, fields: EventFields): Promise<GoogleEvent> {
      const data = await request(businessId, "events.patch", eventPath(eventId), {
        method: "PATCH",
        body: fields,
      });
      return checked("events.patch", googleEvent, data);
    },
    async getEvent(businessId: string, eventId: string): Promise<GoogleEvent> {
      const data = await request(businessId, "events.get", eventPath(eventId), { method: "GET" });
      return checked("events.get", googleEvent, data);
    },
    /** events.delete; an event already deleted is `gone` (410). */
    async deleteEvent(businessId: string, eventId: string): Promise<void> {
      await request(businessId, "events.delete", eventPath(eventId), { method: "DELETE" });
    },
    /** One page of events.list; a stale `syncToken` is `gone` (410, reason fullSyncRequired). */
    async listEvents(businessId: string, query: EventListQuery): Promise<GoogleEventPage> {
      const params = new URLSearchParams({ maxResults: "2500" });
      if ("syncToken" in query) params.set("syncToken", query.syncToken);
      else {
        if (query.timeMin) params.set("timeMin", query.timeMin.toISOString());
        if (query.timeMax) params.set("timeMax", query.timeMax.toISOString());
        if (query.privateExtendedProperty)
          params.set("privateExtendedProperty", query.privateExtendedProperty);
        if (query.singleEvents) params.set("singleEvents", "true");
      }
      if (query.pageToken) params.set("pageToken", query.pageToken);
      const data = await request(businessId, "events.list", (c) => `/calendars/${c}/events?${params}`, {
        method: "GET",
      });
      return checked("events.list", eventList, data);
    },
    /** freebusy.query for the connected calendar: its busy intervals in [timeMin, timeMax). */
    async freeBusy(businessId: string, range: { timeMin: Date; timeMax: Date }) {
      const grant = await deps.access.grantFor(businessId);
      if (!grant)
        throw new CalendarApiError("freebusy.query", "notConnected", null, null, "no calendar connected");
      const data = await request(businessId, "freebusy.query", () => "/freeBusy", {
        method: "POST",
        body: {
          timeMin: range.timeMin.toISOString(),
          timeMax: range.timeMax.toISOString(),
          items: [{ id: grant.calendarId }],
        },
      });
      const answer = checked("freebusy.query", freeBusyAnswer, data);
      const calendar = answer.calendars[grant.calendarId];
      // Google answers a calendar it cannot read with errors (notFound) instead of a busy list.
      if (!calendar || (calendar.errors && calendar.errors.length > 0))
        throw new CalendarApiError("freebusy.query", "notFound", 200, "notFound", "calendar not found");
      return (calendar.busy ?? []).map((b) => ({ start: new Date(b.start), end: new Date(b.end) }));
    },
    /** events.watch: Google posts to `address` (with `token`) whenever the calendar's events change. */
    async watchEvents(
      businessId: string,
      channel: { id: string; address: string; token: string; expiresAt: Date },
    ): Promise<WatchChannel> {
      const data = await request(businessId, "events.watch", (c) => `/calendars/${c}/events/watch`, {
        method: "POST",
        body: {
          id: channel.id,
          type: "web_hook",
          address: channel.address,
          token: channel.token,
          expiration: channel.expiresAt.getTime(),
        },
      });
      const answer = checked("events.watch", channelAnswer, data);
      return {
        id: answer.id,
        resourceId: answer.resourceId,
        expiresAt: answer.expiration === undefined ? null : new Date(Number(answer.expiration)),
      };
    },
    /**
     * channels.stop: no more notifications on that channel. `grant`: of a connection already deleted (see
     * CalendarAccess.grantOfRemoved), else the business's own.
     */
    async stopChannel(
      businessId: string,
      channel: { id: string; resourceId: string },
      grant?: CalendarGrant,
    ): Promise<void> {
      await request(
        businessId,
        "channels.stop",
        () => "/channels/stop",
        { method: "POST", body: { id: channel.id, resourceId: channel.resourceId } },
        grant,
      );
    },
  };
}
