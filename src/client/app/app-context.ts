import { msg } from "@lingui/core/macro";
import { type ActorOptions, type AnyActorLogic, createActor } from "xstate";
import { toaster } from "../components/ui/toaster";
import { provideSessionMachine } from "../features/session/session.actors";
import { createApiClient } from "../lib/api-client";
import { i18n } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { fetchWithStartupRefresh } from "../lib/startup-refresh";

type AppContextOptions = { inspect?: ActorOptions<AnyActorLogic>["inspect"] };

/** Everything long-lived the app runs on: one API client, one query cache, the session actor. */
export function createAppContext({ inspect }: AppContextOptions = {}) {
  const queryClient = createQueryClient();
  const api = createApiClient({
    baseURL: "/api",
    fetch: fetchWithStartupRefresh(),
    onSessionExpired: () => session.send({ type: "session.expired" }),
    sessionUserId: () => session.getSnapshot().context.user?.id ?? null,
  });
  const session = createActor(
    provideSessionMachine({
      api,
      announceSignedIn: (via) =>
        toaster.success({
          title: i18n._(via === "signIn" ? msg`Welcome back!` : msg`Welcome to CallDesk!`),
        }),
    }),
    inspect ? { inspect } : {},
  );
  session.subscribe((snapshot) => {
    // A different user (or none) must never see the previous user's cached data.
    if (snapshot.matches("signedOut")) queryClient.clear();
  });
  session.start();
  return { api, queryClient, session, inspect };
}

export type AppContext = ReturnType<typeof createAppContext>;
