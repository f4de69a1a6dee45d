import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../db/database";
import { rawRows } from "../db/raw-rows";
import {
  type RefreshTokenFamilyRow,
  type RefreshTokenRow,
  refreshTokenFamilies,
  refreshTokens,
} from "../db/schema/refresh-tokens.schema";
import type { AuthContext, StaffMember } from "../http/app-env";

export async function insertFamily(
  db: Executor,
  businessId: string,
  values: { userId: string; createdAt: Date; expiresAt: Date },
): Promise<RefreshTokenFamilyRow> {
  const [row] = await db
    .insert(refreshTokenFamilies)
    .values({ businessId, ...values })
    .returning();
  return row!;
}

export async function insertToken(
  db: Executor,
  businessId: string,
  values: { familyId: string; parentId: string | null; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<RefreshTokenRow> {
  const [row] = await db
    .insert(refreshTokens)
    .values({ businessId, ...values })
    .returning();
  return row!;
}

/** Unscoped by design: the token hash is itself the credential that names the tenant. */
export async function findTokenWithFamily(
  db: Executor,
  tokenHash: string,
): Promise<{ token: RefreshTokenRow; family: RefreshTokenFamilyRow } | null> {
  const [row] = await db
    .select({ token: refreshTokens, family: refreshTokenFamilies })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * Whether the family is still signed in, read under a row lock held to the end of the caller's transaction: a
 * sign-out not yet committed is waited for (and then seen), and one that starts later waits for this transaction,
 * so nothing is issued in a family after its revocation. Exclusive, not shared: two refreshes of one family that
 * both revoke it for reuse would otherwise deadlock upgrading their shared locks; refreshes of a family are rare.
 */
export async function lockLiveFamily(
  tx: Transaction,
  businessId: string,
  familyId: string,
): Promise<boolean> {
  const rows = await tx
    .select({ id: refreshTokenFamilies.id })
    .from(refreshTokenFamilies)
    .where(
      and(
        eq(refreshTokenFamilies.businessId, businessId),
        eq(refreshTokenFamilies.id, familyId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    )
    .for("no key update");
  return rows.length === 1;
}

/** Marks a token used; false when someone else used it first (the update is the arbiter, not a prior read). */
export async function claimToken(
  db: Executor,
  businessId: string,
  tokenId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.businessId, businessId),
        eq(refreshTokens.id, tokenId),
        isNull(refreshTokens.usedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function findTokenUsedAt(
  db: Executor,
  businessId: string,
  tokenId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.businessId, businessId), eq(refreshTokens.id, tokenId)))
    .limit(1);
  return row?.usedAt ?? null;
}

export async function hasUsedChild(db: Executor, businessId: string, tokenId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.businessId, businessId),
        eq(refreshTokens.parentId, tokenId),
        isNotNull(refreshTokens.usedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function revokeFamily(
  db: Executor,
  businessId: string,
  familyId: string,
  now: Date,
  reason: "sign-out" | "reuse",
): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(refreshTokenFamilies.businessId, businessId),
        eq(refreshTokenFamilies.id, familyId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    );
}

/** Sign-out everywhere: ends every live family of the user (found by the user's index). */
export async function revokeFamiliesOf(db: Executor, user: StaffMember, now: Date): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: "sign-out-everywhere" })
    .where(
      and(
        eq(refreshTokenFamilies.userId, user.userId),
        eq(refreshTokenFamilies.businessId, user.businessId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    );
}

/**
 * Whether the session an access token was issued in is still live: neither signed out (here or everywhere) nor
 * past its lifetime, its user and business still there (families go with them). Asked on every authenticated
 * request, so a sign-out ends its access tokens at once on every instance: a primary key probe, straight to the
 * driver.
 */
export async function sessionIsLive(db: Executor, auth: AuthContext, now: Date): Promise<boolean> {
  const rows = await rawRows<{ one: number }>(
    db,
    sql`select 1 as one from refresh_token_families
        where id = ${auth.sessionId}::uuid and business_id = ${auth.businessId}::uuid
          and user_id = ${auth.userId}::uuid and revoked_at is null and expires_at > ${now.toISOString()}::timestamptz`,
  );
  return rows.length > 0;
}
