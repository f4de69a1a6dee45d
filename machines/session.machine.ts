import type { SessionUser, SignInBody, SignUpBody } from "@shared/auth.schema";
import { assertEvent, assign, setup } from "xstate";
import { notProvided } from "./not-provided";

/**
 * Session lifecycle (spec 4): checking (a refresh on start) → signedIn | signedOut;
 * sign-in and sign-up from signedOut; sign-out always ends signedOut, even when the server call fails.
 */

/** What the provided auth actors reject with; the views turn it into the spec's messages. */
export type SessionFailure = { status?: number; code?: string; message?: string; retryAfter?: number };

export type SessionContext = {
  user: SessionUser | null;
  failure: SessionFailure | null;
};

export type SessionEvent =
  | { type: "session.signIn"; credentials: SignInBody }
  | { type: "session.signUp"; credentials: SignUpBody }
  | { type: "session.signOut" }
  | { type: "session.expired" }
  | { type: "session.updateUser"; user: SessionUser }
  | { type: "session.dismissFailure" };

const toFailure = (error: unknown): SessionFailure =>
  typeof error === "object" && error !== null ? (error as SessionFailure) : { message: String(error) };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    refresh: notProvided<SessionUser>("refresh"),
    signIn: notProvided<SessionUser, SignInBody>("signIn"),
    signUp: notProvided<SessionUser, SignUpBody>("signUp"),
    signOut: notProvided<void>("signOut"),
  },
  actions: {
    /** Forget the stored Authorization header; supplied by the app's API client. */
    dropAuthorization: () => {},
    /** Greet the user after a sign-in or sign-up (a toast in the app). */
    announceSignedIn: (_, _params: { via: "signIn" | "signUp" }) => {},
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
        onDone: { target: "signedIn", actions: assign({ user: ({ event }) => event.output }) },
        onError: { target: "signedOut" },
      },
    },
    signedOut: {
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
        onError: { target: "signedOut", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
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
        onError: { target: "signedOut", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
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
        onDone: { target: "signedOut", actions: ["clearUser", "dropAuthorization"] },
        onError: { target: "signedOut", actions: ["clearUser", "dropAuthorization"] },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
