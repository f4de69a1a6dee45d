import { assistantConnectionMachine } from "@machines/assistant-connection.machine";
import type { FailureFacts } from "@machines/failure";
import type {
  AssistantConnectionWithSecret,
  CreateAssistantConnectionBody,
  RotateAssistantSecretBody,
} from "@shared/assistant-connections.schema";
import type { AssistantPlatform } from "@shared/assistant-platforms.constants";
import type { QueryClient } from "@tanstack/react-query";
import { fromPromise } from "xstate";
import type { ApiClient } from "../../lib/api-client";
import {
  assistantConnectionQueries,
  createAssistantConnection,
  removeAssistantConnection,
  rotateAssistantSecret,
} from "./voice-platforms.queries";

type AssistantConnectionEffects = {
  api: ApiClient;
  queryClient: QueryClient;
  /** The toasts, in spec 8's style. */
  onConnected: (provider: AssistantPlatform) => void;
  onConnectFailed: (provider: AssistantPlatform, failure: FailureFacts) => void;
  onRotated: (provider: AssistantPlatform) => void;
  onRotateFailed: (provider: AssistantPlatform, failure: FailureFacts) => void;
  onRemoved: (provider: AssistantPlatform) => void;
  onRemoveFailed: (provider: AssistantPlatform, failure: FailureFacts) => void;
};

/** The voice assistant card's machine with its side effects: the API calls, the list refreshed, the toasts. */
export function provideAssistantConnection(effects: AssistantConnectionEffects) {
  const { api, queryClient } = effects;
  // The list shows the new state before the machine moves on: the secret appears beside its connection.
  const refresh = () => queryClient.invalidateQueries({ queryKey: assistantConnectionQueries.all() });
  const afterwards = async <T>(request: Promise<T>) => {
    try {
      return await request;
    } finally {
      await refresh();
    }
  };
  return assistantConnectionMachine.provide({
    actors: {
      create: fromPromise<AssistantConnectionWithSecret, CreateAssistantConnectionBody>(({ input }) =>
        afterwards(createAssistantConnection(api, input)),
      ),
      rotate: fromPromise<AssistantConnectionWithSecret, { id: string; body: RotateAssistantSecretBody }>(
        ({ input }) => afterwards(rotateAssistantSecret(api, input.id, input.body)),
      ),
      remove: fromPromise<unknown, { id: string }>(({ input }) =>
        afterwards(removeAssistantConnection(api, input.id)),
      ),
    },
    actions: {
      announceConnected: (_, { provider }) => effects.onConnected(provider),
      announceConnectFailed: (_, { provider, failure }) => effects.onConnectFailed(provider, failure),
      announceRotated: (_, { provider }) => effects.onRotated(provider),
      announceRotateFailed: (_, { provider, failure }) => effects.onRotateFailed(provider, failure),
      announceRemoved: (_, { provider }) => effects.onRemoved(provider),
      announceRemoveFailed: (_, { provider, failure }) => effects.onRemoveFailed(provider, failure),
    },
  });
}
