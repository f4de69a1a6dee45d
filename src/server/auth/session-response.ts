import type { SessionUser } from "@shared/auth.schema";
import type { Context } from "hono";
import type { AppDeps } from "../http/app-env";
import { isHttps } from "../http/request-info";
import { ok } from "../http/respond";
import { issueAccessToken } from "./access-token";
import { setRefreshCookie } from "./refresh-cookie";
import type { IssuedRefreshToken } from "./refresh-sessions";

/**
 * A signed-in response: the user as data, the access token (of the refresh token's session) in `Authorization`,
 * the refresh token in the cookie.
 */
export async function respondWithSession(
  c: Context,
  { config, clock }: Pick<AppDeps, "config" | "clock">,
  user: SessionUser,
  refresh: IssuedRefreshToken,
  status: 200 | 201 = 200,
) {
  const now = clock();
  const accessToken = issueAccessToken(
    config.jwtSecret,
    { userId: user.id, businessId: user.businessId, sessionId: refresh.sessionId },
    now,
    config.accessTokenTtlSeconds,
  );
  const remainingSeconds = Math.floor((refresh.familyExpiresAt.getTime() - now.getTime()) / 1000);
  setRefreshCookie(c, refresh.token, remainingSeconds, isHttps(c, config.trustProxy));
  c.header("Authorization", `Bearer ${accessToken}`);
  return ok(c, user, status);
}
