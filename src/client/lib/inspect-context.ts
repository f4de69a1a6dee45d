import { createContext, useContext } from "react";
import type { ActorOptions, AnyActorLogic } from "xstate";

type Inspect = ActorOptions<AnyActorLogic>["inspect"];

/** The Stately inspector's hook in development (VITE_INSPECT=1), so actors a page starts show there too. */
export const InspectContext = createContext<Inspect>(undefined);

/** Options for useActorRef: the inspector when one is running, nothing otherwise. */
export function useInspectOptions(): { inspect?: Inspect } {
  const inspect = useContext(InspectContext);
  return inspect ? { inspect } : {};
}
