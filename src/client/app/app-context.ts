import { msg } from "@lingui/core/macro";
import { type ActorOptions, type AnyActorLogic, createActor } from "xstate";
import { toaster } from "../components/ui/toaster";
import { provideSessionMachine } from "../features/session/session.actors";
import { createApiClient } from "../lib/api-client";
import { failureMessage } from "../lib/error-wording";
import { i18n } from "../lib/i18n";
import { fetchWithStartupRefresh } from "../lib/startup-refresh";

type AppContextOptions = { inspect?: ActorOptions<AnyActorLogic>["inspect"] };

/**
 * Everything long-lived the app runs on: one API client and the session actor (the query cache is the signed-in
 * area's, lib/query-client.ts).
 */
export function createAppContext({ inspect }: AppContextOptions = {}) {
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
      announceSignOutFailed: (failure) => {
        const reason = failureMessage(failure);
        toaster.error({
          title: i18n._(msg`Could not sign out; you are still signed in. Try again.`),
          description: reason ? i18n._(reason) : undefined,
        });
      },
    }),
    inspect ? { inspect } : {},
  );
  session.start();
  return { api, session, inspect };
}

export type AppContext = ReturnType<typeof createAppContext>;
