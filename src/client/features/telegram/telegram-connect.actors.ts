import type { FailureFacts } from "@machines/failure";
import { telegramConnectMachine } from "@machines/telegram-connect.machine";
import type { TelegramConnectBody, TelegramLinkState } from "@shared/telegram.schema";
import type { QueryClient } from "@tanstack/react-query";
import { fromPromise } from "xstate";
import type { ApiClient } from "../../lib/api-client";
import {
  checkTelegramLink,
  connectTelegram,
  createTelegramLink,
  disconnectTelegram,
  telegramQueries,
} from "./telegram.queries";

type TelegramConnectEffects = {
  api: ApiClient;
  queryClient: QueryClient;
  /** Spec 8's toasts. */
  onConnected: () => void;
  onConnectFailed: (failure: FailureFacts) => void;
  onDisconnected: () => void;
  onDisconnectFailed: (failure: FailureFacts) => void;
};

/** The Telegram card's machine with its side effects: the API calls, the status refreshed, the toasts. */
export function provideTelegramConnect(effects: TelegramConnectEffects) {
  const { api, queryClient } = effects;
  // The card shows the new state before the dialog closes, so focus can go to the button that replaced
  // the one that opened it.
  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: telegramQueries.all() });
  return telegramConnectMachine.provide({
    actors: {
      createLink: fromPromise(() => createTelegramLink(api)),
      checkLink: fromPromise<TelegramLinkState, { code: string }>(({ input }) =>
        checkTelegramLink(api, input.code),
      ),
      connect: fromPromise<unknown, TelegramConnectBody>(async ({ input }) => {
        await connectTelegram(api, input);
        await refreshStatus();
      }),
      disconnect: fromPromise<unknown, void>(async () => {
        await disconnectTelegram(api);
        await refreshStatus();
      }),
    },
    actions: {
      announceConnected: () => effects.onConnected(),
      announceConnectFailed: (_, { failure }) => effects.onConnectFailed(failure),
      announceDisconnected: () => effects.onDisconnected(),
      announceDisconnectFailed: (_, { failure }) => effects.onDisconnectFailed(failure),
    },
  });
}
