import { sessionMachine } from "@machines/session.machine";
import type { SessionUser, SignInBody, SignUpBody } from "@shared/auth.schema";
import { fromPromise } from "xstate";
import type { ApiClient } from "../../lib/api-client";

type SessionEffects = {
  api: ApiClient;
  /** Shown after a successful sign-in or sign-up (spec 2: 'Welcome back!' / welcome toast). */
  announceSignedIn: (via: "signIn" | "signUp") => void;
};

/** The session machine with its side effects: the auth endpoints of spec 7 through the one API client. */
export function provideSessionMachine({ api, announceSignedIn }: SessionEffects) {
  return sessionMachine.provide({
    actors: {
      refresh: fromPromise(() => api.post("/auth/refresh", "sessionOrNone")),
      signIn: fromPromise<SessionUser, SignInBody>(({ input }) =>
        api.post("/auth/sign-in", "sessionUser", input),
      ),
      signUp: fromPromise<SessionUser, SignUpBody>(({ input }) =>
        api.post("/auth/sign-up", "sessionUser", input),
      ),
      signOut: fromPromise(() => api.post("/auth/sign-out", "none").then(() => undefined)),
    },
    actions: {
      dropAuthorization: () => api.dropAuthorization(),
      announceSignedIn: (_, params) => announceSignedIn(params.via),
    },
  });
}
