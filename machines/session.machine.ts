import type { SessionUser, SignInBody, SignUpBody } from "@shared/auth.schema";
import { assertEvent, assign, setup } from "xstate";
import { type FailureFacts, rejectionFacts } from "./failure";
import { notProvided } from "./not-provided";

/**
 * Session lifecycle (spec 4): checking (a refresh on start) → signedIn | signedOut (no session, or a refused one);
 * sign-in and sign-up from signedOut. A sign-out ends signedOut only once the server has ended the session: one
 * it could not end (the request failed, retries included) leaves the user signed in and told so, since the
 * refresh cookie would sign them in again on the next load (docs/spec-notes.md, "Sign-out").
 */

export type SessionContext = {
  user: SessionUser | null;
  /** Why the last sign-in or sign-up failed; the views turn it into the spec's messages. */
  failure: FailureFacts | null;
};

export type SessionEvent =
  | { type: "session.signIn"; credentials: SignInBody }
  | { type: "session.signUp"; credentials: SignUpBody }
  | { type: "session.signOut" }
  | { type: "session.expired" }
  | { type: "session.updateUser"; user: SessionUser }
  | { type: "session.dismissFailure" };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** The user of the refresh cookie, or null when there is no session to resume (not an error). */
    refresh: notProvided<SessionUser | null>("refresh"),
    signIn: notProvided<SessionUser, SignInBody>("signIn"),
    signUp: notProvided<SessionUser, SignUpBody>("signUp"),
    signOut: notProvided<void>("signOut"),
  },
  actions: {
    /** Forget the stored Authorization header; supplied by the app's API client. */
    dropAuthorization: () => {},
    /** Greet the user after a sign-in or sign-up (a toast in the app). */
    announceSignedIn: (_, _params: { via: "signIn" | "signUp" }) => {},
    /** Say that the sign-out failed and the user is still signed in (a toast in the app). */
    announceSignOutFailed: (_, _params: FailureFacts) => {},
    clearUser: assign({ user: null }),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: "session",
  initial: "checking",
  context: { user: null, failure: null },
  states: {
    checking: {
      invoke: {
        id: "refresh",
        src: "refresh",
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: "signedIn",
            actions: assign({ user: ({ event }) => event.output }),
          },
          { target: "signedOut" },
        ],
        onError: { target: "signedOut" },
      },
    },
    signedOut: {
      initial: "visitor",
      states: {
        /** Nobody has signed in yet, a sign-in was refused, or the session ended by itself. */
        visitor: {},
        /** The user signed out on this tab: the page they left is not one to come back to. */
        left: {},
      },
      on: {
        "session.signIn": { target: "signingIn" },
        "session.signUp": { target: "signingUp" },
        "session.dismissFailure": { actions: "clearFailure" },
      },
    },
    signingIn: {
      entry: "clearFailure",
      invoke: {
        id: "signIn",
        src: "signIn",
        input: ({ event }) => {
          assertEvent(event, "session.signIn");
          return event.credentials;
        },
        onDone: {
          target: "signedIn",
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: "announceSignedIn", params: { via: "signIn" } },
          ],
        },
        onError: {
          target: "signedOut",
          actions: assign({ failure: ({ event }) => rejectionFacts(event.error) }),
        },
      },
    },
    signingUp: {
      entry: "clearFailure",
      invoke: {
        id: "signUp",
        src: "signUp",
        input: ({ event }) => {
          assertEvent(event, "session.signUp");
          return event.credentials;
        },
        onDone: {
          target: "signedIn",
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: "announceSignedIn", params: { via: "signUp" } },
          ],
        },
        onError: {
          target: "signedOut",
          actions: assign({ failure: ({ event }) => rejectionFacts(event.error) }),
        },
      },
    },
    signedIn: {
      on: {
        "session.signOut": { target: "signingOut" },
        "session.expired": { target: "signedOut", actions: ["clearUser", "dropAuthorization"] },
        "session.updateUser": { actions: assign({ user: ({ event }) => event.user }) },
      },
    },
    signingOut: {
      invoke: {
        id: "signOut",
        src: "signOut",
        onDone: { target: "signedOut.left", actions: ["clearUser", "dropAuthorization"] },
        onError: {
          target: "signedIn",
          actions: { type: "announceSignOutFailed", params: ({ event }) => rejectionFacts(event.error) },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
