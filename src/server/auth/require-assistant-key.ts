import type { MiddlewareHandler } from "hono";
import { createStatementBatcher } from "../db/statement-batcher";
import { unauthenticated } from "../http/api-error";
import type { AppDeps, AppEnv } from "../http/app-env";
import { recordAssistantKeysUse, type UsableAssistantKey } from "../repos/assistant-keys.repo";
import { hashAssistantKey, isAssistantKeyShaped } from "./assistant-key-secret";

/** `last_used_at` is for people ("used 5 minutes ago"): a minute's precision spares a write per request. */
export const LAST_USED_PRECISION_MS = 60_000;

/**
 * Admits a request whose X-Api-Key is an active key and puts the key's tenant on the context. Every request
 * asks the database (requests arriving together in one statement), so a revoked key is refused from the very
 * next request on.
 */
export function createRequireAssistantKey({
  db,
  clock,
}: Pick<AppDeps, "db" | "clock">): MiddlewareHandler<AppEnv> {
  const findKey = createStatementBatcher<string, UsableAssistantKey | null>(async (hashes) => {
    const found = await recordAssistantKeysUse(db, [...new Set(hashes)], clock(), LAST_USED_PRECISION_MS);
    return hashes.map((hash) => found.get(hash) ?? null);
  });
  return async (c, next) => {
    const presented = c.req.header("x-api-key") ?? "";
    const key = isAssistantKeyShaped(presented) ? await findKey(hashAssistantKey(presented)) : null;
    if (!key) throw unauthenticated();
    c.set("assistant", key);
    await next();
  };
}
