import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { knownDevices } from "../db/schema/known-devices.schema";

/** Remembers the browser for the user, seen at `now`; true when it was new to them. */
export async function rememberDevice(
  db: Executor,
  input: { businessId: string; userId: string; deviceHash: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(knownDevices)
    .values({
      businessId: input.businessId,
      userId: input.userId,
      deviceHash: input.deviceHash,
      firstSeenAt: input.now,
      lastSeenAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  if (inserted.length > 0) return true;
  await db
    .update(knownDevices)
    .set({ lastSeenAt: input.now })
    .where(and(eq(knownDevices.userId, input.userId), eq(knownDevices.deviceHash, input.deviceHash)));
  return false;
}

/** Whether the user has signed in (or up) on the browser whose device id hashes to `deviceHash`. */
export async function isKnownDevice(db: Executor, userId: string, deviceHash: string): Promise<boolean> {
  const rows = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)));
  return rows.length > 0;
}

/** Deletes at most `limit` devices last seen before `seenBefore` (the oldest first); how many it deleted. */
export async function forgetDevicesUnseenSince(
  db: Executor,
  seenBefore: Date,
  limit: number,
): Promise<number> {
  const deleted = await rawRows<{ user_id: string }>(
    db,
    sql`delete from known_devices where (user_id, device_hash) in (
          select user_id, device_hash from known_devices
          where last_seen_at < ${seenBefore.toISOString()}::timestamptz
          order by last_seen_at limit ${limit})
        returning user_id`,
  );
  return deleted.length;
}
