import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../http/app-env";
import { unauthenticated } from "../refusal";
import { createAccessTokenVerifier } from "./access-token";

/** Admits a request bearing a valid access token and puts its caller (user and tenant) on the context. */
export function createRequireUser({
  config,
  clock,
}: Pick<AppDeps, "config" | "clock">): MiddlewareHandler<AppEnv> {
  const verify = createAccessTokenVerifier(config.jwtSecret);
  return async (c, next) => {
    const match = /^Bearer (\S+)$/i.exec(c.req.header("authorization") ?? "");
    const auth = match?.[1] ? verify(match[1], clock()) : null;
    if (!auth) throw unauthenticated();
    c.set("auth", auth);
    await next();
  };
}
