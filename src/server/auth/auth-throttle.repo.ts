import { and, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { authThrottle } from "../db/schema/auth-throttle.schema";

/** The latest moment until which any of `keys` is blocked, or null when none is. */
export async function findBlockedUntil(db: Executor, keys: string[], now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: max(authThrottle.blockedUntil) })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, keys), gt(authThrottle.blockedUntil, now)));
  return row?.until ?? null;
}

/**
 * Counts one failure in a fixed window, in one statement so concurrent failures on several instances
 * all count. Reaching `limit` (at least 2) blocks the key until its window ends. Answers the count so far in
 * the window and when the window opened.
 */
export async function recordFailure(
  db: Executor,
  key: string,
  rule: { limit: number; windowSeconds: number },
  now: Date,
): Promise<{ failures: number; windowStartedAt: Date }> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${authThrottle.windowStartedAt} <= ${at} - ${window}`;
  const [row] = await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${at} else ${authThrottle.windowStartedAt} end`,
        blockedUntil: sql`case
          when ${expired} then null
          when ${authThrottle.failures} + 1 >= ${rule.limit} then ${authThrottle.windowStartedAt} + ${window}
          else null end`,
      },
    })
    .returning({ failures: authThrottle.failures, windowStartedAt: authThrottle.windowStartedAt });
  return row!;
}

export async function clearThrottle(db: Executor, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
