import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../http/app-env";
import { unauthenticated } from "../refusal";
import { createAccessTokenVerifier } from "./access-token";
import { ACCESS_PARAM, linkedResource, type SignedLinks } from "./signed-links";
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

/**
 * Admits what `requireUser` admits, or a request carrying a signed link's token (`?access=`) given for exactly
 * this path and query, unexpired, whose user still exists: for what a browser opens by itself (an <audio>
 * element's source, a download saved as it arrives), which sends no Authorization header.
 */
export function createRequireUserOrLink(
  deps: Pick<AppDeps, "clock" | "db">,
  requireUser: MiddlewareHandler<AppEnv>,
  links: SignedLinks,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const token = url.searchParams.get(ACCESS_PARAM);
    if (token === null) return requireUser(c, next);
    const auth = links.verify(token, linkedResource(url.pathname, url.searchParams), deps.clock());
    if (!auth || !(await userStillExists(deps.db, auth.businessId, auth.userId))) throw unauthenticated();
    c.set("auth", auth);
    await next();
  };
}
