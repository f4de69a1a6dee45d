import { and, isNull, lt, lte, or } from "drizzle-orm";
import type { Executor } from "../db/database";
import { authThrottle } from "../db/schema/auth-throttle.schema";
import { refreshTokenFamilies } from "../db/schema/refresh-tokens.schema";

/**
 * Deletes sessions past their absolute lifetime or revoked over a day ago (their tokens go with them by
 * cascade) and throttle rows whose window and block are both over. Safe to run on every instance at once.
 */
export async function purgeExpiredAuthRows(
  db: Executor,
  now: Date,
  throttleWindowSeconds: number,
): Promise<{ families: number; throttleKeys: number }> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const windowStart = new Date(now.getTime() - throttleWindowSeconds * 1000);
  const families = await db
    .delete(refreshTokenFamilies)
    .where(or(lte(refreshTokenFamilies.expiresAt, now), lt(refreshTokenFamilies.revokedAt, dayAgo)))
    .returning({ id: refreshTokenFamilies.id });
  const throttleKeys = await db
    .delete(authThrottle)
    .where(
      and(
        lt(authThrottle.windowStartedAt, windowStart),
        or(isNull(authThrottle.blockedUntil), lt(authThrottle.blockedUntil, now)),
      ),
    )
    .returning({ key: authThrottle.key });
  return { families: families.length, throttleKeys: throttleKeys.length };
}
