import type { Context } from "hono";
import { recordAudit } from "../audit/audit.repo";
import type { Database } from "../db/database";
import type { StaffMember } from "../http/app-env";
import { hashDeviceId, newDeviceId, readDeviceId, setDeviceCookie } from "./device-cookie";
import { isKnownDevice, rememberDevice } from "./known-devices.repo";
import { type IssuedRefreshToken, startRefreshFamily } from "./refresh-sessions";

/**
 * The session of a sign-up or a sign-in on this browser, and the browser remembered for the user, in one
 * transaction. A sign-in from a browser the user never signed in on (no device cookie, or one unknown for
 * that user) is a new device: recorded in the audit log in that transaction. A sign-up is recorded as such.
 */
export async function startDeviceSession(
  db: Database,
  c: Context,
  { auth, now, signIn, secure }: { auth: StaffMember; now: Date; signIn: boolean; secure: boolean },
): Promise<IssuedRefreshToken> {
  const deviceId = readDeviceId(c) ?? newDeviceId();
  const refresh = await db.transaction(async (tx) => {
    const refresh = await startRefreshFamily(tx, auth, now);
    const isNew = await rememberDevice(tx, { ...auth, deviceHash: hashDeviceId(deviceId), now });
    if (isNew && signIn)
      await recordAudit(tx, {
        businessId: auth.businessId,
        actor: { userId: auth.userId },
        at: now,
        action: "session.new_device",
        details: {},
      });
    return refresh;
  });
  setDeviceCookie(c, deviceId, secure);
  return refresh;
}

/** This browser, when the user has signed in (or up) on it before: its device cookie is known for them. */
export async function knownDeviceOf(
  db: Database,
  c: Context,
  userId: string,
): Promise<{ userId: string; deviceHash: string } | null> {
  const deviceId = readDeviceId(c);
  if (!deviceId) return null;
  const deviceHash = hashDeviceId(deviceId);
  return (await isKnownDevice(db, userId, deviceHash)) ? { userId, deviceHash } : null;
}
