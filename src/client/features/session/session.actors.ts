import type { FailureFacts } from "@machines/failure";
import { sessionMachine } from "@machines/session.machine";
import type { SessionUser, SignInBody, SignUpBody } from "@shared/auth.schema";
import { fromPromise } from "xstate";
import { type ApiClient, ApiError } from "../../lib/api-client";
import { withRetries } from "../../lib/retry-policy";

type SessionEffects = {
  api: ApiClient;
  /** Shown after a successful sign-in or sign-up (spec 2: 'Welcome back!' / welcome toast). */
  announceSignedIn: (via: "signIn" | "signUp") => void;
  /** Shown when the server could not end the session: the user is still signed in, and may try again. */
  announceSignOutFailed: (failure: FailureFacts) => void;
};

/**
 * Spec 7's sign-out, retried under the app's policy: it must reach the server, or the refresh cookie signs the
 * next person on this browser in. A 401 means there is no session left to end: that is signed out too.
 */
const signOut = (api: ApiClient) =>
  withRetries(() => api.post("/auth/sign-out", "none")).then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return;
      throw error;
    },
  );

/** The session machine with its side effects: the auth endpoints of spec 7 through the one API client. */
export function provideSessionMachine({ api, announceSignedIn, announceSignOutFailed }: SessionEffects) {
  return sessionMachine.provide({
    actors: {
      refresh: fromPromise(() => api.post("/auth/refresh", "sessionOrNone")),
      signIn: fromPromise<SessionUser, SignInBody>(({ input }) =>
        api.post("/auth/sign-in", "sessionUser", input),
      ),
      signUp: fromPromise<SessionUser, SignUpBody>(({ input }) =>
        api.post("/auth/sign-up", "sessionUser", input),
      ),
      signOut: fromPromise(() => signOut(api)),
    },
    actions: {
      dropAuthorization: () => api.dropAuthorization(),
      announceSignedIn: (_, params) => announceSignedIn(params.via),
      announceSignOutFailed: (_, failure) => announceSignOutFailed(failure),
    },
  });
}
