import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../db/database";
import {
  type RefreshTokenFamilyRow,
  type RefreshTokenRow,
  refreshTokenFamilies,
  refreshTokens,
} from "../db/schema/refresh-tokens.schema";

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
