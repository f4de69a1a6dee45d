import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../http/app-env";
import { unauthenticated } from "../refusal";
import { createAccessTokenVerifier } from "./access-token";
import { sessionIsLive } from "./refresh-tokens.repo";

/**
 * Admits a request bearing a valid access token whose session is still live — not signed out, here or
 * everywhere, and its user and business still there: such tokens stop at once on every instance, not when they
 * expire — and puts its caller (user, tenant and session) on the context.
 */
export function createRequireUser({
  config,
  clock,
  db,
}: Pick<AppDeps, "config" | "clock" | "db">): MiddlewareHandler<AppEnv> {
  const verify = createAccessTokenVerifier(config.jwtSecret);
  return async (c, next) => {
    const match = /^Bearer (\S+)$/i.exec(c.req.header("authorization") ?? "");
    const now = clock();
    const auth = match?.[1] ? verify(match[1], now) : null;
    if (!auth || !(await sessionIsLive(db, auth, now))) throw unauthenticated();
    c.set("auth", auth);
    await next();
  };
}
