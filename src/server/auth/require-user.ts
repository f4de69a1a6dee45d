import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../http/app-env";
import { unauthenticated } from "../refusal";
import { createAccessTokenVerifier } from "./access-token";
import { userStillExists } from "./users.repo";

/**
 * Admits a request bearing a valid access token whose user still exists (a deleted business's staff are out
 * at once, not when their tokens expire) and puts its caller (user and tenant) on the context.
 */
export function createRequireUser({
  config,
  clock,
  db,
}: Pick<AppDeps, "config" | "clock" | "db">): MiddlewareHandler<AppEnv> {
  const verify = createAccessTokenVerifier(config.jwtSecret);
  return async (c, next) => {
    const match = /^Bearer (\S+)$/i.exec(c.req.header("authorization") ?? "");
    const auth = match?.[1] ? verify(match[1], clock()) : null;
    if (!auth || !(await userStillExists(db, auth.businessId, auth.userId))) throw unauthenticated();
    c.set("auth", auth);
    await next();
  };
}
