import { setupI18n } from "@lingui/core";
import type { CalendarConnectFailure } from "@machines/calendar-connect.machine";
import type { FailureFacts } from "@machines/failure";
import {
  CALENDAR_CHANNEL,
  CALENDAR_CONNECTED,
  type CalendarPermission,
  type CalendarRefusal,
  type CalendarStatus,
} from "@shared/calendar.schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { messages as polishMessages } from "../../locales/pl/signed-in.po";
import { calendarQueries } from "../../src/client/features/calendar/calendar.queries";
import {
  type PortalWindow,
  popupFeatures,
  provideCalendarConnect,
} from "../../src/client/features/calendar/calendar-connect.actors";
import { connectFailureWords } from "../../src/client/features/calendar/connect-failure-words";
import { createApiClient } from "../../src/client/lib/api-client";
import { createQueryClient } from "../../src/client/lib/query-client";

const ORIGIN = "https://portal.example.test";
const AUTH_URL = "https://accounts.example.test/o/oauth2/v2/auth?state=abc";

const status = (connected: boolean): CalendarStatus => ({
  configured: true,
  connected,
  email: connected ? "owner@example.com" : null,
  connectedAt: connected ? "2026-11-27T05:00:00.000Z" : null,
  brokenAt: null,
  brokenReason: null,
  lastCheckedAt: null,
});

/** The portal's window as the flow sees it: popups it opens (or the blocker refuses), messages posted to it. */
class FakePortal extends EventTarget {
  readonly location = { origin: ORIGIN };
  readonly screenX = 100;
  readonly screenY = 50;
  readonly outerWidth = 1400;
  readonly outerHeight = 900;
  blocked = false;
  opened: { url: string | URL | undefined; name: string | undefined; features: string | undefined }[] = [];
  popup = { closed: false, visited: [] as string[], closes: 0 };

  readonly open = (url?: string | URL, name?: string, features?: string) => {
    this.opened.push({ url, name, features });
    if (this.blocked) return null;
    const popup = this.popup;
    return {
      get closed() {
        return popup.closed;
      },
      close: () => {
        popup.closes++;
        popup.closed = true;
      },
      location: { replace: (to: string) => popup.visited.push(to) },
    } as unknown as Window;
  };

  /** A message posted to the portal window by a page of `origin`. */
  post(data: unknown, origin = ORIGIN) {
    this.dispatchEvent(new MessageEvent("message", { data, origin }));
  }
}

/** The server's answers, in spec 7's envelope, and the requests made. */
function fakeServer(answers: { status?: CalendarStatus; connectFails?: boolean } = {}) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    asked.push(path);
    const json = (code: number, body: unknown) =>
      new Response(JSON.stringify(body), { status: code, headers: { "Content-Type": "application/json" } });
    if (path === "/api/calendar/connect")
      return answers.connectFails
        ? json(503, { success: false, error: { message: "Not configured", code: "UNAVAILABLE" } })
        : json(200, { success: true, data: { authUrl: AUTH_URL } });
    if (path === "/api/calendar/status")
      return json(200, { success: true, data: answers.status ?? status(false) });
    return json(404, { success: false, error: { message: "Not found", code: "NOT_FOUND" } });
  };
  return { fetch, asked };
}

function start(portal: FakePortal, server = fakeServer()) {
  const api = createApiClient({ baseURL: `${ORIGIN}/api`, fetch: server.fetch });
  const queryClient = createQueryClient();
  const said: string[] = [];
  const failures: CalendarConnectFailure[] = [];
  const actor = createActor(
    provideCalendarConnect({
      api,
      queryClient,
      host: portal as unknown as PortalWindow,
      onConnected: () => said.push("connected"),
      onFailed: (failure) => failures.push(failure),
      onDisconnected: () => said.push("disconnected"),
      onDisconnectFailed: (failure: FailureFacts) => said.push(`disconnectFailed:${failure.code}`),
    }),
  ).start();
  return { actor, queryClient, api, said, failures, asked: server.asked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the calendar popup, as the app runs it", () => {
  it("opens a 600 × 700 popup within the click, sends it to Google, and connects on the callback's message", async () => {
    const portal = new FakePortal();
    const run = start(portal);
    run.queryClient.setQueryData(calendarQueries.status(run.api).queryKey, status(false));
    run.actor.send({ type: "connect" });
    // Opened before anything was awaited: the user's click still counts.
    expect(portal.opened).toHaveLength(1);
    expect(portal.opened[0]?.features).toMatch(/(^|,)width=600,height=700(,|$)/);
    await waitFor(run.actor, (s) => s.matches({ authorizing: "watching" }));
    expect(portal.popup.visited).toEqual([AUTH_URL]);

    // Another site's message, and a malformed one of ours, are ignored.
    portal.post({ type: CALENDAR_CONNECTED, success: true, error: null }, "https://evil.example");
    portal.post({ type: CALENDAR_CONNECTED, success: "yes" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run.actor.getSnapshot().matches("authorizing")).toBe(true);

    portal.post({ type: CALENDAR_CONNECTED, success: true, error: null });
    await waitFor(run.actor, (s) => s.matches("idle"));
    expect(run.said).toEqual(["connected"]);
    // The card's status is read again.
    expect(run.queryClient.getQueryState(calendarQueries.status(run.api).queryKey)?.isInvalidated).toBe(true);
  });

  it("hears the callback on the BroadcastChannel when Google's pages cut the opener", async () => {
    const portal = new FakePortal();
    const run = start(portal);
    run.actor.send({ type: "connect" });
    await waitFor(run.actor, (s) => s.matches({ authorizing: "watching" }));
    // The listener opened its channel once the schema loaded; the callback page posts on its own.
    await vi.waitFor(async () => {
      const callback = new BroadcastChannel(CALENDAR_CHANNEL);
      callback.postMessage({
        type: CALENDAR_CONNECTED,
        success: false,
        error: "Calendar access was not granted",
        reason: "missingPermissions",
        missing: ["freeBusy"],
      });
      callback.close();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(run.actor.getSnapshot().matches("idle")).toBe(true);
    });
    expect(run.failures).toEqual([
      {
        reason: "refused",
        message: "Calendar access was not granted",
        refusal: "missingPermissions",
        missing: ["freeBusy"],
      },
    ]);
    // Leaving the authorization closed the popup the callback had not closed yet.
    expect(portal.popup.closes).toBe(1);
  });

  it("takes a message that came before the schema module had loaded", async () => {
    const portal = new FakePortal();
    const run = start(portal);
    run.actor.send({ type: "connect" });
    portal.post({ type: CALENDAR_CONNECTED, success: true, error: null });
    await waitFor(run.actor, (s) => s.matches("idle"));
    expect(run.said).toEqual(["connected"]);
  });

  it("says a blocked popup at once, and asks the server nothing", () => {
    const portal = new FakePortal();
    portal.blocked = true;
    const run = start(portal);
    run.actor.send({ type: "connect" });
    expect(run.actor.getSnapshot().matches("idle")).toBe(true);
    expect(run.failures).toEqual([{ reason: "blocked" }]);
    expect(run.asked).toEqual([]);
  });

  it("closes the empty popup when the connect URL cannot be had", async () => {
    const portal = new FakePortal();
    const run = start(portal, fakeServer({ connectFails: true }));
    run.actor.send({ type: "connect" });
    await waitFor(run.actor, (s) => s.matches("idle"));
    expect(run.failures).toEqual([
      { reason: "noAuthUrl", failure: expect.objectContaining({ status: 503, code: "UNAVAILABLE" }) },
    ]);
    expect(portal.popup).toMatchObject({ closed: true, visited: [] });
  });

  it("notices the popup closed by the user, and the status decides: connected after all", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const portal = new FakePortal();
    const run = start(portal, fakeServer({ status: status(true) }));
    run.actor.send({ type: "connect" });
    await waitFor(run.actor, (s) => s.matches({ authorizing: "watching" }));
    portal.popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(run.actor.getSnapshot().matches({ authorizing: "closedGrace" })).toBe(true);
    expect(run.asked).toEqual(["/api/calendar/connect"]);
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(run.actor, (s) => s.matches("idle"));
    expect(run.asked).toEqual(["/api/calendar/connect", "/api/calendar/status"]);
    expect(run.said).toEqual(["connected"]);
    // The status read is the card's: it shows the connection without another request.
    expect(run.queryClient.getQueryData(calendarQueries.status(run.api).queryKey)).toEqual(status(true));
  });

  it("centres the popup over the portal's window", () => {
    expect(popupFeatures(new FakePortal() as unknown as PortalWindow)).toBe(
      "popup,width=600,height=700,left=500,top=150",
    );
  });
});

describe("spec 8's words for a connect that failed", () => {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  const words = (failure: CalendarConnectFailure) => connectFailureWords(failure, i18n);

  it("says why the callback refused in the interface language, naming the permissions left unticked", () => {
    const polish = setupI18n({ locale: "pl", messages: { pl: polishMessages } });
    const refused = (refusal: CalendarRefusal, message: string, missing?: CalendarPermission[]) =>
      connectFailureWords({ reason: "refused", message, refusal, missing }, polish).title;
    expect(refused("cancelled", "Authorization cancelled by user")).toBe(
      "Autoryzacja anulowana przez użytkownika",
    );
    expect(refused("stale", "This authorization expired or was already used. Please try again")).toBe(
      "Ta autoryzacja wygasła lub została już użyta. Spróbuj ponownie",
    );
    expect(refused("unreachable", "Google could not be reached. Please try again in a moment")).toBe(
      "Nie udało się połączyć z Google. Spróbuj ponownie za chwilę",
    );
    expect(refused("missingPermissions", "CallDesk needs permission to …", ["events", "freeBusy"])).toBe(
      "CallDesk potrzebuje uprawnień do tworzenia, zmieniania i usuwania wydarzeń w Twoim kalendarzu i " +
        "sprawdzania, kiedy Twój kalendarz jest zajęty. Połącz ponownie i zezwól na wszystkie wymagane uprawnienia",
    );
  });

  it("has a title for each way it ends, and the server's reason when the connect URL failed", () => {
    expect(words({ reason: "blocked" })).toEqual({
      title: "Popup blocked. Please allow popups for this site.",
    });
    expect(words({ reason: "cancelled" })).toEqual({ title: "Authorization cancelled by user" });
    expect(words({ reason: "timeout" })).toEqual({ title: "Authorization timeout - please try again" });
    // The callback's error is the message (spec 8), spec 8's own words in the interface language.
    expect(words({ reason: "refused", message: null })).toEqual({ title: "Authorization failed" });
    expect(words({ reason: "refused", message: "Calendar access was not granted" })).toEqual({
      title: "Calendar access was not granted",
    });
    expect(words({ reason: "refused", message: "…", refusal: "cancelled" })).toEqual({
      title: "Authorization cancelled by user",
    });
    expect(
      words({ reason: "refused", message: "…", refusal: "missingPermissions", missing: ["freeBusy"] }),
    ).toEqual({
      title:
        "CallDesk needs permission to see when your calendar is busy. Please connect again and allow every " +
        "permission asked",
    });
    expect(words({ reason: "noAuthUrl", failure: { status: 503, code: "UNAVAILABLE" } })).toEqual({
      title: "Failed to get connect URL",
      reason: "The service is unavailable right now. Please try again in a moment.",
    });
  });
});
