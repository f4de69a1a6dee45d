import { and, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { authThrottle } from "../db/schema/auth-throttle.schema";

/**
 * Counts one failure (or an attempt not yet judged) in a fixed window, in one statement so concurrent ones on
 * several instances all count. Reaching `limit` (at least 2) blocks the key until its window ends. Answers the
 * count so far in the window and when the window opened.
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

/**
 * Gives back one count taken in the window that opened at `windowStartedAt` (an attempt that turned out not to
 * be a failure); nothing once a newer window has opened. Below `limit` again, the key is no longer blocked.
 */
export async function releaseFailure(
  db: Executor,
  key: string,
  rule: { limit: number },
  windowStartedAt: Date,
): Promise<void> {
  await db
    .update(authThrottle)
    .set({
      failures: sql`${authThrottle.failures} - 1`,
      blockedUntil: sql`case when ${authThrottle.failures} - 1 >= ${rule.limit} then ${authThrottle.blockedUntil} end`,
    })
    .where(
      and(
        eq(authThrottle.key, key),
        eq(authThrottle.windowStartedAt, windowStartedAt),
        gt(authThrottle.failures, 0),
      ),
    );
}

export async function clearThrottle(db: Executor, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
