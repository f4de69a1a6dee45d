import { sessionMachine } from "@machines/session.machine";
import type { SessionUser } from "@shared/auth.schema";
import { describe, expect, it } from "vitest";
import { type AnyEventObject, type EventObject, transition } from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";
import { allTransitionKeys, controllablePromiseActors, replayPath } from "../support/model-paths";

const user: SessionUser = { id: "u1", email: "ada@example.com", businessId: "b1", businessName: "Ada's" };
const renamed: SessionUser = { ...user, email: "ada@lovelace.dev" };
const failure = { status: 401, code: "INVALID_CREDENTIALS", message: "Invalid email or password" };

const events: AnyEventObject[] = [
  { type: "session.signIn", credentials: { email: user.email, password: "correct horse" } },
  { type: "session.signUp", credentials: { email: user.email, password: "correct horse" } },
  { type: "session.signOut" },
  { type: "session.expired" },
  { type: "session.updateUser", user: renamed },
  { type: "session.dismissFailure" },
  ...["refresh", "signIn", "signUp"].flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: user },
    { type: `xstate.error.actor.${id}`, error: failure },
  ]),
  { type: "xstate.done.actor.refresh", output: null },
  { type: "xstate.done.actor.signOut", output: undefined },
  { type: "xstate.error.actor.signOut", error: { status: 500 } },
];

const effects: string[] = [];

describeModelPaths("session machine (model-based)", {
  machine: sessionMachine,
  events,
  promiseActors: ["refresh", "signIn", "signUp", "signOut"],
  provide: (actors) =>
    sessionMachine.provide({
      actors: actors as never,
      actions: {
        dropAuthorization: () => effects.push("dropAuthorization"),
        announceSignedIn: (_, params) => effects.push(`announce:${params.via}`),
        announceSignOutFailed: (_, failure) => effects.push(`signOutFailed:${failure.status}`),
      },
    }),
  // A path to every edge.
  minPaths: allTransitionKeys(sessionMachine).size,
  // The context invariants every reachable state must hold.
  assertState: (snapshot) => {
    // Signed in until the server has ended the session: a failed sign-out keeps the user.
    if (snapshot.matches("signedIn") || snapshot.matches("signingOut"))
      expect(snapshot.context.user).not.toBeNull();
    if (snapshot.matches("signedOut") || snapshot.matches("checking"))
      expect(snapshot.context.user).toBeNull();
  },
  afterReplays: () => {
    it("drops the authorization header, greets per channel and says when a sign-out failed", () => {
      expect(effects).toContain("dropAuthorization");
      expect(effects).toContain("announce:signIn");
      expect(effects).toContain("announce:signUp");
      expect(effects).toContain("signOutFailed:500");
    });
  },
});

describe("session machine rules", () => {
  const signOutPath = (settled: { event: EventObject; state: unknown }) => ({
    state: undefined as never,
    weight: 0,
    steps: [
      {
        event: { type: "xstate.done.actor.refresh", output: user } as EventObject,
        state: { value: "signedIn", context: { user, failure: null } } as never,
      },
      {
        event: { type: "session.signOut" },
        state: { value: "signingOut", context: { user, failure: null } } as never,
      },
      settled as never,
    ],
  });

  it("a sign-out the server could not confirm keeps the user signed in, and says so", async () => {
    const fakes = controllablePromiseActors(["refresh", "signOut"]);
    const told: unknown[] = [];
    let dropped = 0;
    const machine = sessionMachine.provide({
      actors: fakes.actors as never,
      actions: {
        dropAuthorization: () => dropped++,
        announceSignOutFailed: (_, failure) => told.push(failure),
      },
    });
    const offline = new Error("offline");
    const actor = await replayPath(
      signOutPath({
        event: { type: "xstate.error.actor.signOut", error: offline } as EventObject,
        state: { value: "signedIn", context: { user, failure: null } },
      }),
      { machine, pending: fakes.pending },
    );
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(dropped).toBe(0);
    expect(told).toEqual([expect.objectContaining({ message: "offline" })]);
    // Trying again is a sign-out like the first.
    actor.send({ type: "session.signOut" });
    expect(actor.getSnapshot().value).toBe("signingOut");
  });

  it("a confirmed sign-out clears the user and the header, and remembers it was a sign-out", async () => {
    const fakes = controllablePromiseActors(["refresh", "signOut"]);
    let dropped = 0;
    const machine = sessionMachine.provide({
      actors: fakes.actors as never,
      actions: { dropAuthorization: () => dropped++ },
    });
    const actor = await replayPath(
      signOutPath({
        event: { type: "xstate.done.actor.signOut", output: undefined } as EventObject,
        state: { value: { signedOut: "left" }, context: { user: null, failure: null } },
      }),
      { machine, pending: fakes.pending },
    );
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(dropped).toBe(1);
  });

  it("a start-up refresh that finds no session ends signed out, with no user and no failure", () => {
    const checking = sessionMachine.resolveState({
      value: "checking",
      context: { user: null, failure: null },
    });
    const [next] = transition(sessionMachine, checking, {
      type: "xstate.done.actor.refresh",
      output: null,
    } as AnyEventObject as never);
    expect(next.value).toEqual({ signedOut: "visitor" });
    expect(next.context).toEqual({ user: null, failure: null });
  });

  it("keeps the failure for the form and clears it on the next attempt", () => {
    const failed = sessionMachine.resolveState({ value: "signedOut", context: { user: null, failure } });
    expect(failed.context.failure).toEqual(failure);
    const [dismissed] = transition(sessionMachine, failed, { type: "session.dismissFailure" });
    expect(dismissed.context.failure).toBeNull();
  });
});
