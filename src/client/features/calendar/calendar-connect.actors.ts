import {
  type AuthorizationResult,
  type CalendarConnectFailure,
  calendarConnectMachine,
  POPUP_HEIGHT,
  POPUP_WIDTH,
  type PopupCommand,
} from "@machines/calendar-connect.machine";
import type { FailureFacts } from "@machines/failure";
import type { QueryClient } from "@tanstack/react-query";
import { fromCallback, fromPromise } from "xstate";
import type { ApiClient } from "../../lib/api-client";
import { calendarQueries, disconnectCalendar, fetchCalendarAuthUrl } from "./calendar.queries";

/** What the flow needs of the portal's window: its origin, the messages posted to it, and popups. */
export type PortalWindow = Pick<
  Window,
  "open" | "addEventListener" | "removeEventListener" | "screenX" | "screenY" | "outerWidth" | "outerHeight"
> & { location: Pick<Location, "origin"> };

/** One named window: a second Connect reuses the first's popup rather than stacking another. */
const POPUP_NAME = "calldesk-google-calendar";

/** Spec 7's 600 × 700 popup, centred over the portal's window. */
export function popupFeatures(host: PortalWindow): string {
  const left = Math.max(0, Math.round(host.screenX + (host.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(host.screenY + (host.outerHeight - POPUP_HEIGHT) / 2));
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * The popup. It is opened empty as the actor starts, which is still inside the click's handler (a popup opened
 * after the auth URL's round trip would have lost the user's gesture, and Safari and Firefox block it), and
 * sent to Google's page once the URL is known. `window.open` answering null is the browser's popup blocker.
 */
export const popupActor = (host: PortalWindow) =>
  fromCallback<PopupCommand>(({ sendBack, receive }) => {
    const popup = host.open("", POPUP_NAME, popupFeatures(host));
    if (!popup) {
      sendBack({ type: "popup.blocked" });
      return;
    }
    sendBack({ type: "popup.opened" });
    receive((command) => {
      if (command.type === "popup.navigate") popup.location.replace(command.url);
      else if (popup.closed) sendBack({ type: "popup.closed" });
    });
    // However the authorization ended (time limit, Cancel, a result), a window still open has nothing to do.
    return () => {
      if (!popup.closed) popup.close();
    };
  });

/**
 * The callback page's result (spec 7), from a message posted to this window by a page of the portal's own
 * origin (anything else is ignored), or on the BroadcastChannel the callback also posts on (Google's pages may
 * cut `window.opener`). Each must have the shared schema's shape. The schema module comes with its channel's
 * name and arktype, so it loads as the authorization starts rather than with the Settings page; a message
 * arriving before it has loaded waits for it.
 */
export const callbackListener = (host: PortalWindow) =>
  fromCallback(({ sendBack }) => {
    let stopped = false;
    let channel: BroadcastChannel | undefined;
    const early: unknown[] = [];
    let accept = (data: unknown) => void early.push(data);
    const onMessage = (event: MessageEvent) => {
      if (event.origin === host.location.origin) accept(event.data);
    };
    host.addEventListener("message", onMessage);
    void import("@shared/calendar.schema").then(({ calendarConnectedMessage, CALENDAR_CHANNEL }) => {
      if (stopped) return;
      accept = (data) => {
        if (!calendarConnectedMessage.allows(data)) return;
        const result: AuthorizationResult = {
          type: "authorization.result",
          success: data.success,
          error: data.error,
          reason: data.reason,
          missing: data.missing,
        };
        sendBack(result);
      };
      channel = new BroadcastChannel(CALENDAR_CHANNEL);
      channel.onmessage = (event: MessageEvent) => accept(event.data);
      for (const data of early.splice(0)) accept(data);
    });
    return () => {
      stopped = true;
      host.removeEventListener("message", onMessage);
      channel?.close();
    };
  });

type CalendarConnectEffects = {
  api: ApiClient;
  queryClient: QueryClient;
  host: PortalWindow;
  /** Spec 8's toasts. */
  onConnected: () => void;
  onFailed: (failure: CalendarConnectFailure) => void;
  onDisconnected: () => void;
  onDisconnectFailed: (failure: FailureFacts) => void;
};

/** The calendar card's machine with its side effects: the popup, the callback's messages, the API, the toasts. */
export function provideCalendarConnect(effects: CalendarConnectEffects) {
  const { api, queryClient, host } = effects;
  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: calendarQueries.all() });
  return calendarConnectMachine.provide({
    actors: {
      popup: popupActor(host),
      listen: callbackListener(host),
      fetchAuthUrl: fromPromise(() => fetchCalendarAuthUrl(api)),
      // Read afresh, into the card's own query: the card shows what the status said.
      fetchStatus: fromPromise(() =>
        queryClient.fetchQuery({ ...calendarQueries.status(api), staleTime: 0 }),
      ),
      // The card shows the new state before the question closes, so focus can go to the button that replaced
      // Disconnect.
      disconnect: fromPromise<unknown, void>(async () => {
        await disconnectCalendar(api);
        await refreshStatus();
      }),
    },
    actions: {
      refreshStatus: () => void refreshStatus(),
      announceConnected: () => effects.onConnected(),
      announceFailed: (_, { failure }) => effects.onFailed(failure),
      announceDisconnected: () => effects.onDisconnected(),
      announceDisconnectFailed: (_, { failure }) => effects.onDisconnectFailed(failure),
    },
  });
}
