import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { telegramPoller } from "../db/schema/telegram.schema";

const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

/**
 * Takes or renews the bot's polling lease for `holder`: granted when nobody holds it, the holder is this
 * one, or the holder's lease ran out. One statement, so of several instances trying at once one gets it.
 * Answers the offset to poll from, or null when another instance holds the lease.
 */
export async function claimPollLease(
  db: Executor,
  input: { botId: number; holder: string; now: Date; leaseMs: number },
): Promise<number | null> {
  const leaseUntil = after(input.now, input.leaseMs);
  const [row] = await db
    .insert(telegramPoller)
    .values({ botId: input.botId, leaseHolder: input.holder, leaseUntil })
    .onConflictDoUpdate({
      target: telegramPoller.botId,
      set: { leaseHolder: input.holder, leaseUntil },
      setWhere: sql`${telegramPoller.leaseHolder} is null or ${telegramPoller.leaseHolder} = ${input.holder}
        or ${telegramPoller.leaseUntil} is null or ${telegramPoller.leaseUntil} <= ${input.now.toISOString()}::timestamptz`,
    })
    .returning({ nextOffset: telegramPoller.nextOffset });
  return row ? row.nextOffset : null;
}

/**
 * Moves the offset past a handled update and renews the lease, only while `holder` still holds it: an
 * instance that lost the lease cannot move the offset back. False when it no longer holds it.
 */
export async function advancePollOffset(
  db: Executor,
  input: { botId: number; holder: string; nextOffset: number; now: Date; leaseMs: number },
): Promise<boolean> {
  const rows = await db
    .update(telegramPoller)
    .set({
      nextOffset: sql`greatest(${telegramPoller.nextOffset}, ${input.nextOffset})`,
      leaseUntil: after(input.now, input.leaseMs),
    })
    .where(and(eq(telegramPoller.botId, input.botId), eq(telegramPoller.leaseHolder, input.holder)))
    .returning({ botId: telegramPoller.botId });
  return rows.length > 0;
}

/** Lets another instance take over at once (a stopping server), rather than when the lease runs out. */
export async function releasePollLease(db: Executor, botId: number, holder: string): Promise<void> {
  await db
    .update(telegramPoller)
    .set({ leaseHolder: null, leaseUntil: null })
    .where(and(eq(telegramPoller.botId, botId), eq(telegramPoller.leaseHolder, holder)));
}
