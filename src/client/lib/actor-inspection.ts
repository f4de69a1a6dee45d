import { createContext, useContext } from "react";
import type { ActorOptions, AnyActorLogic } from "xstate";

export type Inspect = ActorOptions<AnyActorLogic>["inspect"];

/**
 * The dev-only Stately inspector (VITE_INSPECT=1), for the actors pages start with useActorRef: pass
 * `useActorInspection()` in their options so they show up beside the session.
 */
export const ActorInspectionContext = createContext<Inspect>(undefined);

export const useActorInspection = () => useContext(ActorInspectionContext);
