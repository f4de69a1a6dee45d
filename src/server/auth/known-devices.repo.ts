import type { Executor } from "../db/database";
import { knownDevices } from "../db/schema/known-devices.schema";

/** Remembers the browser for the user; true when it was new to them. */
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
    })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  return inserted.length > 0;
}
