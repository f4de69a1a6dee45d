import {
  AUTHORIZATION_TIMEOUT_MS,
  type CalendarConnectFailure,
  CLOSED_GRACE_MS,
  calendarConnectMachine,
  POPUP_POLL_MS,
  type PopupCommand,
} from "@machines/calendar-connect.machine";
import type { CalendarConnect, CalendarStatus } from "@shared/calendar.schema";
import { describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";
import { allTransitionKeys } from "../support/model-paths";

const authUrl = "https://accounts.example.test/o/oauth2/v2/auth?state=s1";
const notConnected: CalendarStatus = {
  configured: true,
  connected: false,
  email: null,
  connectedAt: null,
  brokenAt: null,
  brokenReason: null,
  lastCheckedAt: null,
};
const connected: CalendarStatus = {
  ...notConnected,
  connected: true,
  email: "owner@example.com",
  connectedAt: "2026-11-27T05:00:00.000Z",
  lastCheckedAt: "2026-11-27T05:00:00.000Z",
};
// Still the old connection Google refused: a reconnect that did not happen.
const stillBroken: CalendarStatus = {
  ...connected,
  brokenAt: "2026-11-26T05:00:00.000Z",
  brokenReason: "invalid_grant",
};

const events: AnyEventObject[] = [
  { type: "connect" },
  { type: "cancel" },
  { type: "disconnect.ask" },
  { type: "disconnect.cancel" },
  { type: "disconnect.confirm" },
  { type: "popup.opened" },
  { type: "popup.blocked" },
  { type: "popup.closed" },
  { type: "authorization.result", success: true, error: null },
  { type: "authorization.result", success: false, error: "Access to the calendar was not granted" },
  { type: "authorization.result", success: false, error: null },
  { type: "xstate.done.actor.fetchAuthUrl", output: { authUrl } },
  { type: "xstate.error.actor.fetchAuthUrl", error: { status: 503, code: "UNAVAILABLE" } },
  { type: "xstate.done.actor.fetchStatus", output: connected },
  { type: "xstate.done.actor.fetchStatus", output: notConnected },
  { type: "xstate.done.actor.fetchStatus", output: stillBroken },
  { type: "xstate.error.actor.fetchStatus", error: { status: 500, code: "INTERNAL" } },
  { type: "xstate.done.actor.disconnect", output: null },
  { type: "xstate.error.actor.disconnect", error: { status: 500, code: "INTERNAL" } },
  { type: "xstate.after.authorizationTimeout.calendarConnect.authorizing" },
  { type: "xstate.after.popupPollInterval.calendarConnect.authorizing.watching" },
  { type: "xstate.after.closedGrace.calendarConnect.authorizing.closedGrace" },
];

const describeFailure = (failure: CalendarConnectFailure) =>
  failure.reason === "refused"
    ? `refused:${failure.message}`
    : failure.reason === "noAuthUrl"
      ? `noAuthUrl:${failure.failure.code}`
      : failure.reason;

const effects = new Set<string>();
/** What the popup actor of the replay under way was told, and whether it was stopped. */
let popupLog: string[] = [];

const fakePopup = fromCallback<PopupCommand>(({ receive }) => {
  popupLog.push("opened");
  receive((command) =>
    popupLog.push(command.type === "popup.navigate" ? `navigate:${command.url}` : "check"),
  );
  return () => popupLog.push("stopped");
});
const fakeListener = fromCallback(() => {});

describeModelPaths("calendar connect machine (model-based)", {
  machine: calendarConnectMachine,
  events,
  promiseActors: ["fetchAuthUrl", "fetchStatus", "disconnect"],
  provide: (actors) => {
    popupLog = [];
    return calendarConnectMachine.provide({
      actors: { ...(actors as object), popup: fakePopup, listen: fakeListener },
      actions: {
        announceConnected: () => effects.add("connected"),
        refreshStatus: () => effects.add("refreshed"),
        announceFailed: (_, { failure }) => effects.add(`failed:${describeFailure(failure)}`),
        announceDisconnected: () => effects.add("disconnected"),
        announceDisconnectFailed: (_, { failure }) => effects.add(`disconnectFailed:${failure.code}`),
      },
    });
  },
  minPaths: allTransitionKeys(calendarConnectMachine).size,
  assertState: (snapshot) => {
    const authorizing = snapshot.matches("authorizing");
    // The popup and the listener live exactly as long as the authorization: leaving it closes the popup.
    expect(snapshot.children.popup !== undefined, "popup actor").toBe(authorizing);
    expect(snapshot.children.listen !== undefined, "listener").toBe(authorizing);
    if (popupLog.includes("opened")) expect(popupLog.at(-1) === "stopped").toBe(!authorizing);
    // The popup goes to Google's page once, and only to the URL the server gave.
    const navigations = popupLog.filter((entry) => entry.startsWith("navigate:"));
    expect(navigations.filter((entry) => entry !== `navigate:${authUrl}`)).toEqual([]);
    if (snapshot.matches({ authorizing: "watching" })) expect(navigations.at(-1)).toBe(`navigate:${authUrl}`);
    // A failure is kept only once an attempt ended, until the next begins.
    if (!snapshot.matches("idle")) expect(snapshot.context.failure).toBeNull();
  },
  afterReplays: () => {
    it("says each outcome with its own words", () => {
      expect([...effects].sort()).toEqual([
        "connected",
        "disconnectFailed:INTERNAL",
        "disconnected",
        "failed:blocked",
        "failed:cancelled",
        "failed:noAuthUrl:UNAVAILABLE",
        "failed:refused:Access to the calendar was not granted",
        "failed:refused:null",
        "failed:timeout",
        "refreshed",
      ]);
    });
  },
});

describe("calendar connect on the clock (spec 9)", () => {
  type Answers = { status?: CalendarStatus; popupBlocked?: boolean };

  /** A live actor on a simulated clock, with a popup that opens (or not) and closes when told to. */
  function start(answers: Answers = {}) {
    const clock = new SimulatedClock();
    const log: string[] = [];
    const popup = { closed: false };
    const statusAsked: number[] = [];
    const failures: CalendarConnectFailure[] = [];
    const announced: string[] = [];
    const actor = createActor(
      calendarConnectMachine.provide({
        actors: {
          popup: fromCallback<PopupCommand>(({ sendBack, receive }) => {
            if (answers.popupBlocked) {
              sendBack({ type: "popup.blocked" });
              return;
            }
            sendBack({ type: "popup.opened" });
            receive((command) => {
              if (command.type === "popup.navigate") log.push(`navigate ${command.url}`);
              else {
                log.push(`check at ${clock.now()}`);
                if (popup.closed) sendBack({ type: "popup.closed" });
              }
            });
            return () => log.push(`popup stopped at ${clock.now()}`);
          }),
          listen: fromCallback(() => {}),
          fetchAuthUrl: fromPromise<CalendarConnect, void>(() => Promise.resolve({ authUrl })),
          fetchStatus: fromPromise<CalendarStatus, void>(() => {
            statusAsked.push(clock.now());
            return Promise.resolve(answers.status ?? notConnected);
          }),
        },
        actions: {
          announceConnected: () => announced.push("connected"),
          announceFailed: (_, { failure }) => failures.push(failure),
        },
      }),
      { clock },
    ).start();
    return { actor, clock, log, popup, statusAsked, failures, announced };
  }

  async function watching(run: ReturnType<typeof start>) {
    run.actor.send({ type: "connect" });
    await waitFor(run.actor, (s) => s.matches({ authorizing: "watching" }));
  }

  it("looks at the popup every 500 ms; once closed, waits 1 s, then asks the status", async () => {
    const run = start();
    await watching(run);
    expect(run.log).toEqual([`navigate ${authUrl}`]);
    run.clock.increment(POPUP_POLL_MS - 1);
    expect(run.log).toHaveLength(1);
    run.clock.increment(1);
    run.clock.increment(POPUP_POLL_MS);
    expect(run.log.slice(1)).toEqual([`check at ${POPUP_POLL_MS}`, `check at ${2 * POPUP_POLL_MS}`]);

    run.popup.closed = true;
    run.clock.increment(POPUP_POLL_MS);
    expect(run.actor.getSnapshot().matches({ authorizing: "closedGrace" })).toBe(true);
    run.clock.increment(CLOSED_GRACE_MS - 1);
    expect(run.statusAsked).toEqual([]);
    run.clock.increment(1);
    expect(run.statusAsked).toEqual([3 * POPUP_POLL_MS + CLOSED_GRACE_MS]);
    await waitFor(run.actor, (s) => s.matches("idle"));
    expect(run.failures).toEqual([{ reason: "cancelled" }]);
  });

  it("counts a popup closed on a connected calendar as a success (its message was lost)", async () => {
    const run = start({ status: connected });
    await watching(run);
    run.popup.closed = true;
    run.clock.increment(POPUP_POLL_MS);
    run.clock.increment(CLOSED_GRACE_MS);
    await waitFor(run.actor, (s) => s.matches("idle"));
    expect(run.announced).toEqual(["connected"]);
    expect(run.failures).toEqual([]);
  });

  it("counts a connection still broken as cancelled: the reconnect did not happen", async () => {
    const run = start({ status: stillBroken });
    await watching(run);
    run.popup.closed = true;
    run.clock.increment(POPUP_POLL_MS);
    run.clock.increment(CLOSED_GRACE_MS);
    await waitFor(run.actor, (s) => s.matches("idle"));
    expect(run.failures).toEqual([{ reason: "cancelled" }]);
  });

  it("takes the callback's message that arrives during the grace second, without asking the status", async () => {
    const run = start();
    await watching(run);
    run.popup.closed = true;
    run.clock.increment(POPUP_POLL_MS);
    run.clock.increment(CLOSED_GRACE_MS - 1);
    run.actor.send({ type: "authorization.result", success: true, error: null });
    run.clock.increment(1);
    expect(run.actor.getSnapshot().matches("idle")).toBe(true);
    expect(run.announced).toEqual(["connected"]);
    expect(run.statusAsked).toEqual([]);
  });

  it("gives up 5 minutes after the click, whatever the step, and closes the popup", async () => {
    const run = start();
    await watching(run);
    run.clock.increment(AUTHORIZATION_TIMEOUT_MS - 1);
    expect(run.actor.getSnapshot().matches({ authorizing: "watching" })).toBe(true);
    run.clock.increment(1);
    expect(run.actor.getSnapshot().matches("idle")).toBe(true);
    expect(run.failures).toEqual([{ reason: "timeout" }]);
    expect(run.log.at(-1)).toBe(`popup stopped at ${AUTHORIZATION_TIMEOUT_MS}`);
    // The clock runs on with nothing left to do.
    const checks = run.log.length;
    run.clock.increment(10 * POPUP_POLL_MS);
    expect(run.log).toHaveLength(checks);
  });

  it("says a blocked popup at once, asking the server nothing", async () => {
    const run = start({ popupBlocked: true });
    run.actor.send({ type: "connect" });
    expect(run.actor.getSnapshot().matches("idle")).toBe(true);
    expect(run.failures).toEqual([{ reason: "blocked" }]);
    expect(run.actor.getSnapshot().context.failure).toEqual({ reason: "blocked" });
    expect(run.log).toEqual([]);
  });

  it("keeps the reason Google's refusal gave, and a new attempt clears it", async () => {
    const run = start();
    await watching(run);
    run.actor.send({ type: "authorization.result", success: false, error: "Access denied" });
    expect(run.actor.getSnapshot().context.failure).toEqual({ reason: "refused", message: "Access denied" });
    run.actor.send({ type: "connect" });
    expect(run.actor.getSnapshot().context.failure).toBeNull();
  });
});
