import type { SessionMachine } from "@machines/session.machine";
import { useSelector } from "@xstate/react";
import { createContext, useContext } from "react";
import type { ActorRefFrom } from "xstate";

export type SessionActor = ActorRefFrom<SessionMachine>;

export const SessionContext = createContext<SessionActor | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error("useSessionActor must be used inside <SessionContext>");
  return actor;
}

/** The signed-in user, or null. */
export function useSessionUser() {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.user);
}
