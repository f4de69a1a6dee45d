import { createBoundedMap } from "../bounded-map";
import type { UsableAssistantKey } from "./assistant-keys.repo";

/** Enough for every assistant of a large installation. */
const MAX_ENTRIES = 10_000;

export type AssistantKeyDirectory = {
  get(keyHash: string): UsableAssistantKey | undefined;
  remember(keyHash: string, key: UsableAssistantKey): void;
  forget(keyHash: string): void;
};

/**
 * Keys recently found active, by hash: what a route that confirms the key in its own statement presumes (see
 * createPresumeAssistantKey). Never an authority: an entry only spares a lookup, and the route's statement
 * still refuses a key revoked since. Unknown keys are not remembered, so wrong keys cannot fill it.
 */
export function createAssistantKeyDirectory(): AssistantKeyDirectory {
  const entries = createBoundedMap<string, UsableAssistantKey>(MAX_ENTRIES);
  return { get: entries.get, remember: entries.set, forget: entries.delete };
}
