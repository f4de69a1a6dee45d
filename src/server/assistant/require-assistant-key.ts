import type { MiddlewareHandler } from "hono";
import { createStatementBatcher } from "../db/statement-batcher";
import type { AppDeps, AppEnv } from "../http/app-env";
import { unauthenticated } from "../refusal";
import type { AssistantKeyDirectory } from "./assistant-key-directory";
import { hashAssistantKey, isAssistantKeyShaped } from "./assistant-key-secret";
import { recordAssistantKeysUse, type UsableAssistantKey } from "./assistant-keys.repo";

/** `last_used_at` is for people ("used 5 minutes ago"): a minute's precision spares a write per request. */
export const LAST_USED_PRECISION_MS = 60_000;

/** The active key with this hash (stamping its use), or null; lookups arriving together share one statement. */
export type AssistantKeyLookup = (keyHash: string) => Promise<UsableAssistantKey | null>;

export function createAssistantKeyLookup({ db, clock }: Pick<AppDeps, "db" | "clock">): AssistantKeyLookup {
  return createStatementBatcher<string, UsableAssistantKey | null>(async (hashes) => {
    const found = await recordAssistantKeysUse(db, [...new Set(hashes)], clock(), LAST_USED_PRECISION_MS);
    return hashes.map((hash) => found.get(hash) ?? null);
  });
}

/** The hash of the request's X-Api-Key, or null when the header holds nothing that could be a key. */
function presentedKeyHash(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | null {
  const presented = c.req.header("x-api-key") ?? "";
  return isAssistantKeyShaped(presented) ? hashAssistantKey(presented) : null;
}

/**
 * Admits a request whose X-Api-Key is an active key and puts the key's tenant on the context. Every request
 * asks the database, so a revoked key is refused from the very next request on.
 */
export function createRequireAssistantKey(lookup: AssistantKeyLookup): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const keyHash = presentedKeyHash(c);
    const key = keyHash ? await lookup(keyHash) : null;
    if (!key) throw unauthenticated();
    c.set("assistant", key);
    await next();
  };
}

/**
 * For a route whose own statement confirms the key (see calls_report_batch): admits a request whose key was
 * recently found active, or is now, and puts that claim on the context. Sparing a lookup per request is what
 * lets reports arrive by the thousand a second; the route answers 401 when its statement refuses the key.
 */
export function createPresumeAssistantKey(
  lookup: AssistantKeyLookup,
  directory: AssistantKeyDirectory,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const keyHash = presentedKeyHash(c);
    if (!keyHash) throw unauthenticated();
    let key = directory.get(keyHash);
    if (!key) {
      const found = await lookup(keyHash);
      if (!found) throw unauthenticated();
      directory.remember(keyHash, found);
      key = found;
    }
    c.set("assistantClaim", { ...key, keyHash });
    await next();
  };
}
