import type {
  CalendarConnect,
  CalendarPermission,
  CalendarRefusal,
  CalendarStatus,
} from "@shared/calendar.schema";
import { assign, type EventObject, sendTo, setup } from "xstate";
import { type FailureFacts, rejectionFacts } from "./failure";
import { notProvided, notProvidedCallback } from "./not-provided";

/**
 * The calendar card's connect and disconnect (spec 2, 4, 7, 8, 9; issue 22 §1).
 *
 * Connect: idle → authorizing, which opens the popup (opening: a popup the browser refused ends it at once),
 * asks the server where Google's consent page is (fetchingUrl) and sends the popup there, then watches it
 * (watching: is it closed? every 500 ms). The callback page's message ends it from any of these: success
 * (connected), or failure with Google's reason. A popup closed without a message waits 1 s for one
 * (closedGrace), then the status decides (checkingStatus): connected is a success, anything else was
 * cancelled. Five minutes after it began the authorization gives up; the user may also stop waiting. Leaving
 * authorizing in any way closes a popup still open (the popup actor's own cleanup).
 *
 * Disconnect: idle → confirmingDisconnect → disconnecting → idle, or back to the question when it failed.
 */

/** Spec 9: how often the popup is looked at, whether the user closed it. */
export const POPUP_POLL_MS = 500;
/** Spec 9: after the popup closed, how long a message it sent as it closed may take to arrive. */
export const CLOSED_GRACE_MS = 1000;
/** Spec 9: how long the whole authorization may take. */
export const AUTHORIZATION_TIMEOUT_MS = 5 * 60_000;

/** The popup's size (spec 7). */
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 700;

/** Why a connect ended without a connection; each has spec 8's words. */
export type CalendarConnectFailure =
  /** The browser refused to open the popup. */
  | { reason: "blocked" }
  /** GET /api/calendar/connect failed (spec 8's fallback 'Failed to get connect URL'). */
  | { reason: "noAuthUrl"; failure: FailureFacts }
  /**
   * The callback page said it failed: its message (or none: 'Authorization failed'), and, when it says (our
   * server's does), why (`refusal`) and which permissions were left unticked.
   */
  | {
      reason: "refused";
      message: string | null;
      refusal?: CalendarRefusal | undefined;
      missing?: readonly CalendarPermission[] | undefined;
    }
  /** The popup closed and the calendar is not connected. */
  | { reason: "cancelled" }
  | { reason: "timeout" };

export type CalendarConnectContext = {
  /** How the last connect ended without a connection; null while none did (or a new one began). */
  failure: CalendarConnectFailure | null;
};

/** What the callback page posted (spec 7), as the listener passes it on once checked. */
export type AuthorizationResult = {
  type: "authorization.result";
  success: boolean;
  error: string | null;
  reason?: CalendarRefusal | undefined;
  missing?: readonly CalendarPermission[] | undefined;
};

export type CalendarConnectEvent =
  | { type: "connect" }
  /** The user stops waiting for the popup. */
  | { type: "cancel" }
  | { type: "disconnect.ask" }
  | { type: "disconnect.cancel" }
  | { type: "disconnect.confirm" }
  /** From the popup actor: it opened the window (still inside the click), or the browser refused. */
  | { type: "popup.opened" }
  | { type: "popup.blocked" }
  /** From the popup actor, asked by `popup.check`: the window is closed. */
  | { type: "popup.closed" }
  | AuthorizationResult;

/** What the popup actor is told: where to send the window, and to say whether it is closed. */
export type PopupCommand = { type: "popup.navigate"; url: string } | { type: "popup.check" };

/** A connect ended without a connection: the card keeps why, and spec 8's words are said. */
const failWith = (failure: CalendarConnectFailure) =>
  [
    { type: "recordFailure", params: { failure } },
    { type: "announceFailed", params: { failure } },
  ] as const;
const refusedBy = (result: AuthorizationResult) => ({
  failure: {
    reason: "refused",
    message: result.error,
    refusal: result.reason,
    missing: result.missing,
  } satisfies CalendarConnectFailure,
});
const noAuthUrl = (error: unknown) => ({
  failure: { reason: "noAuthUrl", failure: rejectionFacts(error) } satisfies CalendarConnectFailure,
});

export const calendarConnectMachine = setup({
  types: {
    context: {} as CalendarConnectContext,
    events: {} as CalendarConnectEvent,
  },
  actors: {
    /**
     * Opens the popup as it starts (synchronously, so the click's user activation still counts) and sends
     * back popup.opened or popup.blocked; follows PopupCommand; closes a window still open when stopped.
     */
    popup: notProvidedCallback<PopupCommand>("popup"),
    /**
     * Passes on, as authorization.result, the callback page's messages that pass the origin and shape checks;
     * it is told nothing.
     */
    listen: notProvidedCallback<EventObject>("listen"),
    /** GET /api/calendar/connect. */
    fetchAuthUrl: notProvided<CalendarConnect>("fetchAuthUrl"),
    /** GET /api/calendar/status, fresh (the card's status is refreshed with it). */
    fetchStatus: notProvided<CalendarStatus>("fetchStatus"),
    /** POST /api/calendar/disconnect; resolves once the card's status is refreshed. */
    disconnect: notProvided<unknown>("disconnect"),
  },
  delays: {
    popupPollInterval: POPUP_POLL_MS,
    closedGrace: CLOSED_GRACE_MS,
    authorizationTimeout: AUTHORIZATION_TIMEOUT_MS,
  },
  actions: {
    /** Spec 8's connected toast. */
    announceConnected: () => {},
    /** The card's status is read again: it shows the new connection. */
    refreshStatus: () => {},
    recordFailure: assign((_, { failure }: { failure: CalendarConnectFailure }) => ({ failure })),
    /** Spec 8's message for the failure, as a toast. */
    announceFailed: (_, _params: { failure: CalendarConnectFailure }) => {},
    announceDisconnected: () => {},
    /** 'Failed to disconnect Google Calendar.' (spec 8); the question stays for another try. */
    announceDisconnectFailed: (_, _params: { failure: FailureFacts }) => {},
  },
}).createMachine({
  id: "calendarConnect",
  initial: "idle",
  context: { failure: null },
  states: {
    idle: {
      on: {
        connect: { target: "authorizing", actions: assign({ failure: null }) },
        "disconnect.ask": { target: "confirmingDisconnect", actions: assign({ failure: null }) },
      },
    },
    /** Everything while the popup may be open: the message, the time limit and Cancel end it from any step. */
    authorizing: {
      invoke: [
        { id: "popup", src: "popup" },
        { id: "listen", src: "listen" },
      ],
      after: {
        authorizationTimeout: { target: "idle", actions: failWith({ reason: "timeout" }) },
      },
      on: {
        "authorization.result": [
          {
            guard: ({ event }) => event.success,
            target: "idle",
            actions: ["refreshStatus", "announceConnected"],
          },
          {
            target: "idle",
            actions: [
              { type: "recordFailure", params: ({ event }) => refusedBy(event) },
              { type: "announceFailed", params: ({ event }) => refusedBy(event) },
            ],
          },
        ],
        cancel: "idle",
      },
      initial: "opening",
      states: {
        opening: {
          on: {
            "popup.opened": "fetchingUrl",
            "popup.blocked": { target: "#calendarConnect.idle", actions: failWith({ reason: "blocked" }) },
          },
        },
        fetchingUrl: {
          invoke: {
            id: "fetchAuthUrl",
            src: "fetchAuthUrl",
            onDone: {
              target: "watching",
              actions: sendTo("popup", ({ event }) => ({
                type: "popup.navigate",
                url: event.output.authUrl,
              })),
            },
            onError: {
              target: "#calendarConnect.idle",
              actions: [
                { type: "recordFailure", params: ({ event }) => noAuthUrl(event.error) },
                { type: "announceFailed", params: ({ event }) => noAuthUrl(event.error) },
              ],
            },
          },
        },
        watching: {
          after: {
            popupPollInterval: {
              target: "watching",
              reenter: true,
              actions: sendTo("popup", { type: "popup.check" }),
            },
          },
          on: { "popup.closed": "closedGrace" },
        },
        closedGrace: { after: { closedGrace: "checkingStatus" } },
        checkingStatus: {
          invoke: {
            id: "fetchStatus",
            src: "fetchStatus",
            onDone: [
              {
                // The callback page finished but its message never came (a lost opener, a closed channel).
                guard: ({ event }) => event.output.connected && event.output.brokenAt === null,
                target: "#calendarConnect.idle",
                actions: "announceConnected",
              },
              { target: "#calendarConnect.idle", actions: failWith({ reason: "cancelled" }) },
            ],
            // Spec 7: anything but connected counts as cancelled; the card's own status says what it can.
            onError: { target: "#calendarConnect.idle", actions: failWith({ reason: "cancelled" }) },
          },
        },
      },
    },
    confirmingDisconnect: {
      on: { "disconnect.cancel": "idle", "disconnect.confirm": "disconnecting" },
    },
    disconnecting: {
      invoke: {
        id: "disconnect",
        src: "disconnect",
        onDone: { target: "idle", actions: "announceDisconnected" },
        onError: {
          target: "confirmingDisconnect",
          actions: {
            type: "announceDisconnectFailed",
            params: ({ event }) => ({ failure: rejectionFacts(event.error) }),
          },
        },
      },
    },
  },
});

export type CalendarConnectMachine = typeof calendarConnectMachine;
