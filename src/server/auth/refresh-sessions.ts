import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "../audit/audit.repo";
import {
  deleteSessionCalendarAuthorizations,
  deleteUserCalendarAuthorizations,
} from "../calendar/calendar-authorization.repo";
import type { Database, Transaction } from "../db/database";
import type { StaffMember } from "../http/app-env";
import {
  claimToken,
  findTokenUsedAt,
  findTokenWithFamily,
  hasUsedChild,
  insertFamily,
  insertToken,
  lockLiveFamily,
  revokeFamiliesOf,
  revokeFamily,
} from "./refresh-tokens.repo";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session ends 30 days after sign-in, however active. */
export const FAMILY_LIFETIME_MS = 30 * DAY_MS;
/** A token not rotated within 14 days dies. */
export const TOKEN_IDLE_MS = 14 * DAY_MS;
/** Two tabs refreshing with the same cookie at once must both succeed; a replay later must not. */
export const REUSE_GRACE_MS = 10_000;

/** `sessionId`: the family, named in the access tokens issued beside it (they work only while it is live). */
export type IssuedRefreshToken = { token: string; familyExpiresAt: Date; sessionId: string };
export type RotationResult =
  | { ok: true; auth: StaffMember; refresh: IssuedRefreshToken }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reuse" };

/** Only this digest is stored; the token itself exists only in the cookie. */
export const hashRefreshToken = (token: string) => createHash("sha256").update(token).digest("hex");

const tokenExpiry = (now: Date, familyExpiresAt: Date) =>
  new Date(Math.min(now.getTime() + TOKEN_IDLE_MS, familyExpiresAt.getTime()));

/** A new family (one sign-in) with its first token, in the caller's transaction (with the device's record). */
export async function startRefreshFamily(
  tx: Transaction,
  auth: StaffMember,
  now: Date,
): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString("base64url");
  const familyExpiresAt = new Date(now.getTime() + FAMILY_LIFETIME_MS);
  const family = await insertFamily(tx, auth.businessId, {
    userId: auth.userId,
    createdAt: now,
    expiresAt: familyExpiresAt,
  });
  await insertToken(tx, auth.businessId, {
    familyId: family.id,
    parentId: null,
    tokenHash: hashRefreshToken(token),
    createdAt: now,
    expiresAt: tokenExpiry(now, familyExpiresAt),
  });
  return { token, familyExpiresAt, sessionId: family.id };
}

/**
 * Exchanges a refresh token for its successor. A token presented again after use revokes the whole family
 * (it was stolen, or its thief already used it) — except within the grace window, for the newest used token
 * only, which gets a fresh sibling so concurrent refreshes from several tabs all succeed.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  now: Date,
): Promise<RotationResult> {
  const found = await findTokenWithFamily(db, hashRefreshToken(presented));
  if (!found) return { ok: false, reason: "unknown" };
  const { token, family } = found;
  if (family.revokedAt) return { ok: false, reason: "revoked" };
  if (family.expiresAt <= now || token.expiresAt <= now) return { ok: false, reason: "expired" };
  const auth = { userId: family.userId, businessId: family.businessId };

  return db.transaction(async (tx): Promise<RotationResult> => {
    // Read again, locked: another tab's sign-out may have committed since the read above.
    if (!(await lockLiveFamily(tx, auth.businessId, family.id))) return { ok: false, reason: "revoked" };
    const claimed = await claimToken(tx, auth.businessId, token.id, now);
    if (!claimed) {
      const usedAt = await findTokenUsedAt(tx, auth.businessId, token.id);
      const withinGrace =
        usedAt !== null &&
        now.getTime() - usedAt.getTime() < REUSE_GRACE_MS &&
        !(await hasUsedChild(tx, auth.businessId, token.id));
      if (!withinGrace) {
        await revokeFamily(tx, auth.businessId, family.id, now, "reuse");
        return { ok: false, reason: "reuse" };
      }
    }
    const next = randomBytes(32).toString("base64url");
    await insertToken(tx, auth.businessId, {
      familyId: family.id,
      parentId: token.id,
      tokenHash: hashRefreshToken(next),
      createdAt: now,
      expiresAt: tokenExpiry(now, family.expiresAt),
    });
    return {
      ok: true,
      auth,
      refresh: { token: next, familyExpiresAt: family.expiresAt, sessionId: family.id },
    };
  });
}

/**
 * Sign-out: ends the presented token's whole family, and the calendar connects begun in it (whoever keeps the
 * browser must not finish one). Unknown tokens are ignored.
 */
export async function revokeRefreshFamily(db: Database, presented: string, now: Date): Promise<void> {
  const found = await findTokenWithFamily(db, hashRefreshToken(presented));
  if (!found) return;
  const { businessId, id } = found.family;
  await revokeFamily(db, businessId, id, now, "sign-out");
  await deleteSessionCalendarAuthorizations(db, businessId, id);
}

/**
 * Sign-out everywhere: ends every session of the user, this one included, and every calendar connect they have
 * under way, with its entry in the activity log in the same transaction. A refresh in flight holds its family's
 * row lock (lockLiveFamily) until it commits, so the family it renews is revoked after it, never missed; its
 * access tokens are refused from the next request.
 */
export async function revokeEveryFamily(db: Database, user: StaffMember, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeFamiliesOf(tx, user, now);
    await deleteUserCalendarAuthorizations(tx, user);
    await recordAudit(tx, {
      businessId: user.businessId,
      actor: { userId: user.userId },
      at: now,
      action: "session.signed_out_everywhere",
      details: {},
    });
  });
}
