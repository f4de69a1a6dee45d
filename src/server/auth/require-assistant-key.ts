import type { MiddlewareHandler } from "hono";
import { unauthenticated } from "../http/api-error";
import type { AppDeps, AppEnv } from "../http/app-env";
import { recordAssistantKeyUse } from "../repos/assistant-keys.repo";
import { hashAssistantKey, isAssistantKeyShaped } from "./assistant-key-secret";

/** `last_used_at` is for people ("used 5 minutes ago"): a minute's precision spares a write per request. */
export const LAST_USED_PRECISION_MS = 60_000;

/**
 * Admits a request whose X-Api-Key is an active key and puts the key's tenant on the context. Every request
 * asks the database, so a revoked key is refused from the very next request on.
 */
export function createRequireAssistantKey({
  db,
  clock,
}: Pick<AppDeps, "db" | "clock">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const presented = c.req.header("x-api-key") ?? "";
    const key = isAssistantKeyShaped(presented)
      ? await recordAssistantKeyUse(db, hashAssistantKey(presented), clock(), LAST_USED_PRECISION_MS)
      : null;
    if (!key) throw unauthenticated();
    c.set("assistant", key);
    await next();
  };
}
