import { useSelector } from "@xstate/react";
import { useLayoutEffect } from "react";
import { useSessionActor } from "../session/session-context";

/** The last failed sign-in or sign-up, cleared when the page that showed it goes away (back button too). */
export function useSessionFailure() {
  const session = useSessionActor();
  useLayoutEffect(() => () => session.send({ type: "session.dismissFailure" }), [session]);
  return useSelector(session, (snapshot) => snapshot.context.failure);
}
