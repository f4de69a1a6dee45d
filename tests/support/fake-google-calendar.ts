import type { GoogleEvent } from "../../src/server/calendar/calendar-api";
import { fakeHttpServer } from "./fake-http-server";

/*
 * A fake Google Calendar API v3 on 127.0.0.1, shaped as Google documents it: events with ids (ours chosen by
 * the client, base32hex, 5–1024 characters, never reused: 409 even once deleted), etags and `updated`,
 * private extended properties (the privateExtendedProperty filter), status; deleted events kept as
 * `cancelled` for incremental sync; events.list paging with nextPageToken, nextSyncToken on the last page and
 * 410 fullSyncRequired for a stale token; freeBusy (opaque, not cancelled events); watch channels and
 * channels.stop; and on demand 429/403 rate limits with Retry-After, outages (503), lost answers (the call
 * done, the connection cut), calendars deleted (404) and access tokens refused (401). Every calendar exists
 * until deleted; any other bearer token is accepted. No test reaches Google.
 */

type StoredEvent = GoogleEvent & {
  id: string;
  status: "confirmed" | "tentative" | "cancelled";
  changed: number;
};

export type FakeChannel = {
  id: string;
  resourceId: string;
  address: string;
  token: string;
  type: string;
  expiration: number;
  calendarId: string;
};

const EVENT_ID = /^[a-v0-9]{5,1024}$/;
const PAGE_SIZE_MAX = 2500;

export type FakeGoogleCalendar = Awaited<ReturnType<typeof startFakeGoogleCalendar>>;

export async function startFakeGoogleCalendar() {
  const calendars = new Map<string, Map<string, StoredEvent>>();
  const deleted = new Set<string>();
  /** Sync tokens below this change number are stale (410), per calendar. */
  const syncFloor = new Map<string, number>();
  const channels = new Map<string, FakeChannel>();
  /** The channels stopped (channels.stop), in order. */
  const stopped: { id: string; resourceId: string }[] = [];
  const calls: { method: string; path: string }[] = [];
  let change = 0;
  let nextId = 1;
  let rateLimited = { retryAfterSeconds: 0, times: 0, status: 429 };
  let outage = false;
  let answersToLose = 0;
  /** Access tokens Google no longer takes (revoked, or expired before their time): 401. */
  const refusedTokens = new Set<string>();
  /** Run once before the next events listing is answered (what happens while the server waits for it). */
  let beforeNextList: (() => Promise<void>) | null = null;
  /** Run once before the next watch of that calendar is answered. */
  let beforeNextWatch: { calendarId: string; hook: () => Promise<void> } | null = null;

  const eventsOf = (calendarId: string) => {
    let events = calendars.get(calendarId);
    if (!events) {
      events = new Map();
      calendars.set(calendarId, events);
    }
    return events;
  };

  type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
  const error = (
    status: number,
    reason: string,
    message: string,
    headers?: Record<string, string>,
  ): Answer => ({
    status,
    body: { error: { code: status, message, errors: [{ domain: "global", reason, message }] } },
    ...(headers && { headers }),
  });
  const notFound = () => error(404, "notFound", "Not Found");

  const publicEvent = ({ changed: _, ...event }: StoredEvent): GoogleEvent => event;
  const touch = (event: StoredEvent) => {
    change += 1;
    event.changed = change;
    event.updated = new Date().toISOString();
    event.etag = `"${change}"`;
  };
  const instant = (time: GoogleEvent["start"]) =>
    time?.dateTime
      ? Date.parse(time.dateTime)
      : time?.date
        ? Date.parse(`${time.date}T00:00:00Z`)
        : Number.NaN;

  const list = (calendarId: string, params: URLSearchParams): Answer => {
    const events = [...eventsOf(calendarId).values()].sort((a, b) => a.changed - b.changed);
    const syncToken = params.get("syncToken");
    let chosen: StoredEvent[];
    if (syncToken) {
      const since = Number(syncToken.split(":")[1]);
      if (
        !syncToken.startsWith(`${calendarId}:`) ||
        Number.isNaN(since) ||
        since < (syncFloor.get(calendarId) ?? 0)
      )
        return error(410, "fullSyncRequired", "Sync token is no longer valid, a full sync is required.");
      chosen = events.filter((e) => e.changed > since);
    } else {
      const timeMin = params.get("timeMin");
      const timeMax = params.get("timeMax");
      const property = params.get("privateExtendedProperty");
      const [key, value] = property ? property.split("=") : [];
      chosen = events.filter(
        (e) =>
          (params.get("showDeleted") === "true" || e.status !== "cancelled") &&
          (!timeMin || instant(e.end) > Date.parse(timeMin)) &&
          (!timeMax || instant(e.start) < Date.parse(timeMax)) &&
          (!key || e.extendedProperties?.private?.[key] === value),
      );
    }
    const size = Math.min(Number(params.get("maxResults") ?? 250), PAGE_SIZE_MAX);
    const offset = Number(params.get("pageToken") ?? 0);
    const page = chosen.slice(offset, offset + size);
    const more = offset + size < chosen.length;
    return {
      status: 200,
      body: {
        kind: "calendar#events",
        items: page.map(publicEvent),
        ...(more ? { nextPageToken: String(offset + size) } : { nextSyncToken: `${calendarId}:${change}` }),
      },
    };
  };

  const freeBusy = (body: { timeMin: string; timeMax: string; items: { id: string }[] }): Answer => {
    const from = Date.parse(body.timeMin);
    const to = Date.parse(body.timeMax);
    const answer: Record<string, unknown> = {};
    for (const { id } of body.items) {
      if (deleted.has(id)) {
        answer[id] = { errors: [{ domain: "global", reason: "notFound" }], busy: [] };
        continue;
      }
      const spans = [...eventsOf(id).values()]
        .filter((e) => e.status !== "cancelled" && e.transparency !== "transparent")
        .map((e) => [Math.max(instant(e.start), from), Math.min(instant(e.end), to)] as const)
        .filter(([s, e]) => s < e)
        .sort((a, b) => a[0] - b[0]);
      const merged: [number, number][] = [];
      for (const [s, e] of spans) {
        const last = merged.at(-1);
        if (last && s <= last[1]) last[1] = Math.max(last[1], e);
        else merged.push([s, e]);
      }
      answer[id] = {
        busy: merged.map(([s, e]) => ({ start: new Date(s).toISOString(), end: new Date(e).toISOString() })),
      };
    }
    return { status: 200, body: { kind: "calendar#freeBusy", calendars: answer } };
  };

  const handle = (method: string, path: string, params: URLSearchParams, body: unknown): Answer => {
    if (path === "/freeBusy" && method === "POST") return freeBusy(body as Parameters<typeof freeBusy>[0]);
    if (path === "/channels/stop" && method === "POST") {
      // Google needs both: the channel's id and the resource it watches.
      const { id, resourceId } = body as { id: string; resourceId: string };
      if (channels.get(id)?.resourceId !== resourceId) return notFound();
      channels.delete(id);
      stopped.push({ id, resourceId });
      return { status: 204 };
    }
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!match) return notFound();
    const calendarId = decodeURIComponent(match[1]!);
    const target = match[2] && decodeURIComponent(match[2]);
    if (deleted.has(calendarId)) return notFound();
    const events = eventsOf(calendarId);
    if (target === "watch" && method === "POST") {
      const channel = body as Omit<FakeChannel, "resourceId" | "calendarId">;
      const resourceId = `resource-${calendarId}`;
      channels.set(channel.id, { ...channel, resourceId, calendarId });
      return {
        status: 200,
        body: { kind: "api#channel", id: channel.id, resourceId, expiration: String(channel.expiration) },
      };
    }
    if (!target) {
      if (method === "GET") return list(calendarId, params);
      if (method !== "POST") return notFound();
      const fields = body as GoogleEvent;
      const id = fields.id ?? `fake${(nextId++).toString(32).padStart(6, "0")}`;
      if (!EVENT_ID.test(id)) return error(400, "invalid", "Invalid resource id value.");
      if (events.has(id)) return error(409, "duplicate", "The requested identifier already exists.");
      if (!fields.start || !fields.end) return error(400, "required", "Missing end time.");
      const event: StoredEvent = { ...fields, id, status: fields.status ?? "confirmed", changed: 0 };
      touch(event);
      events.set(id, event);
      return { status: 200, body: publicEvent(event) };
    }
    const event = events.get(target);
    if (!event) return notFound();
    if (method === "GET") return { status: 200, body: publicEvent(event) };
    if (method === "DELETE") {
      if (event.status === "cancelled") return error(410, "deleted", "Resource has been deleted");
      event.status = "cancelled";
      touch(event);
      return { status: 204 };
    }
    if (method === "PATCH") {
      const fields = body as GoogleEvent;
      const privateBefore = event.extendedProperties?.private;
      Object.assign(event, fields);
      if (fields.extendedProperties)
        event.extendedProperties = {
          ...fields.extendedProperties,
          private: { ...privateBefore, ...fields.extendedProperties.private },
        };
      touch(event);
      return { status: 200, body: publicEvent(event) };
    }
    return notFound();
  };

  const http = fakeHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const method = req.method ?? "GET";
      calls.push({ method, path: url.pathname });
      if (beforeNextList && method === "GET" && url.pathname.endsWith("/events")) {
        const hook = beforeNextList;
        beforeNextList = null;
        await hook();
      }
      const watching = beforeNextWatch;
      if (watching && url.pathname === `/calendars/${encodeURIComponent(watching.calendarId)}/events/watch`) {
        beforeNextWatch = null;
        await watching.hook();
      }
      const reply = (answer: Answer) => {
        res.writeHead(answer.status, {
          ...(answer.body !== undefined && { "content-type": "application/json" }),
          ...answer.headers,
        });
        res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
      };
      const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
      if (!bearer || refusedTokens.has(bearer)) return reply(error(401, "authError", "Invalid Credentials"));
      if (outage) return reply(error(503, "backendError", "Backend Error"));
      if (rateLimited.times > 0) {
        rateLimited.times -= 1;
        const { status, retryAfterSeconds } = rateLimited;
        return reply(
          error(status, "rateLimitExceeded", "Rate Limit Exceeded", {
            "retry-after": String(retryAfterSeconds),
          }),
        );
      }
      const text = Buffer.concat(chunks).toString("utf8");
      const answer = handle(method, url.pathname, url.searchParams, text ? JSON.parse(text) : undefined);
      if (answersToLose > 0) {
        // Done in Google, but the caller never hears of it (a crash, a cut connection).
        answersToLose -= 1;
        req.socket.destroy();
        return;
      }
      reply(answer);
    });
  });
  const url = `http://127.0.0.1:${await http.listen()}`;

  /** The calendar's events as Google holds them (cancelled ones included), oldest change first. */
  const eventList = (calendarId: string) =>
    [...eventsOf(calendarId).values()].sort((a, b) => a.changed - b.changed).map(publicEvent);

  return {
    url,
    /** The server's environment pointing it at this fake. */
    env: {
      GOOGLE_CLIENT_ID: "fake-client-id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "fake-client-secret",
      GOOGLE_CALENDAR_API_BASE_URL: url,
    },
    calls: () => [...calls],
    events: eventList,
    /** Live (not cancelled) events of the calendar. */
    live: (calendarId: string) => eventList(calendarId).filter((e) => e.status !== "cancelled"),
    /** Someone's own appointment in the calendar (not ours): busy unless transparent. */
    addEvent(calendarId: string, fields: Omit<GoogleEvent, "id"> & { id?: string }) {
      const answer = handle(
        "POST",
        `/calendars/${encodeURIComponent(calendarId)}/events`,
        new URLSearchParams(),
        fields,
      );
      return answer.body as GoogleEvent;
    },
    /** The owner changes an event in Google (moves it, renames it). */
    editEvent(calendarId: string, eventId: string, fields: Partial<GoogleEvent>) {
      const path = `/calendars/${encodeURIComponent(calendarId)}/events/${eventId}`;
      return handle("PATCH", path, new URLSearchParams(), fields).status;
    },
    /** The owner deletes an event in Google. */
    deleteEvent(calendarId: string, eventId: string) {
      const path = `/calendars/${encodeURIComponent(calendarId)}/events/${eventId}`;
      return handle("DELETE", path, new URLSearchParams(), undefined).status;
    },
    /** The owner moves an event to another calendar of theirs: this one answers 404 for it from then on. */
    moveEvent(calendarId: string, eventId: string, toCalendarId: string) {
      const event = eventsOf(calendarId).get(eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      eventsOf(calendarId).delete(eventId);
      eventsOf(toCalendarId).set(eventId, event);
    },
    /** `hook` runs once, before the next events listing is answered. */
    beforeNextList(hook: () => Promise<void>) {
      beforeNextList = hook;
    },
    /** `hook` runs once, before the next watch of `calendarId` is answered. */
    beforeNextWatch(calendarId: string, hook: () => Promise<void>) {
      beforeNextWatch = { calendarId, hook };
    },
    /** Every sync token given so far turns stale (Google's 410 fullSyncRequired). */
    expireSyncTokens(calendarId: string) {
      syncFloor.set(calendarId, change + 1);
    },
    deleteCalendar: (calendarId: string) => deleted.add(calendarId),
    refuseToken: (token: string) => refusedTokens.add(token),
    restoreCalendar: (calendarId: string) => deleted.delete(calendarId),
    /** The next `times` calls are refused as rate-limited (429, or 403 rateLimitExceeded) with Retry-After. */
    rateLimit(retryAfterSeconds: number, times: number, status: 429 | 403 = 429) {
      rateLimited = { retryAfterSeconds, times, status };
    },
    outage(on: boolean) {
      outage = on;
    },
    /** The next `count` calls are carried out, but their answers never reach the caller. */
    loseAnswers(count: number) {
      answersToLose = count;
    },
    channels: () => [...channels.values()],
    /** The channels stopped by channels.stop, in order, as the caller named them. */
    stopped: () => [...stopped],
    /**
     * The headers of Google's notification of a change on a channel, as documented (Google posts them with no
     * body to the channel's address; the test posts them to the server under test).
     */
    notification(channelId: string, state: "sync" | "exists" = "exists") {
      const channel = channels.get(channelId);
      if (!channel) throw new Error(`No channel ${channelId}`);
      return {
        "x-goog-channel-id": channel.id,
        "x-goog-channel-token": channel.token,
        "x-goog-resource-id": channel.resourceId,
        "x-goog-resource-state": state,
        "x-goog-message-number": String(change),
      };
    },
    async close() {
      await http.stop();
    },
  };
}
