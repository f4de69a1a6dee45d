import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { type AssistantKeyRow, assistantKeys } from "../db/schema/assistant-keys.schema";

export async function insertAssistantKey(
  db: Executor,
  businessId: string,
  values: { name: string; keyHash: string; last4: string; createdAt: Date },
): Promise<AssistantKeyRow> {
  const [row] = await db
    .insert(assistantKeys)
    .values({ businessId, ...values })
    .returning();
  return row!;
}

/** The keys staff can still use, newest first. */
export async function listActiveAssistantKeys(db: Executor, businessId: string): Promise<AssistantKeyRow[]> {
  return db
    .select()
    .from(assistantKeys)
    .where(and(eq(assistantKeys.businessId, businessId), isNull(assistantKeys.revokedAt)))
    .orderBy(desc(assistantKeys.createdAt), desc(assistantKeys.id));
}

/** The revoked key's name; null when the business has no such active key (unknown, revoked, another tenant's). */
export async function revokeAssistantKey(
  db: Executor,
  businessId: string,
  keyId: string,
  now: Date,
): Promise<{ name: string } | null> {
  const rows = await db
    .update(assistantKeys)
    .set({ revokedAt: now })
    .where(
      and(
        eq(assistantKeys.businessId, businessId),
        eq(assistantKeys.id, keyId),
        isNull(assistantKeys.revokedAt),
      ),
    )
    .returning({ name: assistantKeys.name });
  return rows[0] ?? null;
}

export type UsableAssistantKey = { keyId: string; businessId: string; timezone: string };

/**
 * The active keys among these hashes, with their business and its timezone, by hash; stamps `last_used_at`
 * where the stored stamp is older than `touchAfterMs` (see db/functions/assistant-keys.sql).
 * Unscoped by design: the key itself is the credential that names the tenant.
 */
export async function recordAssistantKeysUse(
  db: Executor,
  keyHashes: readonly string[],
  now: Date,
  touchAfterMs: number,
): Promise<Map<string, UsableAssistantKey>> {
  const rows = await rawRows<UsableAssistantKey & { keyHash: string }>(
    db,
    sql`select o_key_hash as "keyHash", o_key_id as "keyId", o_business_id as "businessId", o_timezone as timezone
      from assistant_keys_use(${JSON.stringify(keyHashes)}::jsonb, ${now.toISOString()}::timestamptz,
        make_interval(secs => ${touchAfterMs / 1000}))`,
  );
  return new Map(rows.map(({ keyHash, ...key }) => [keyHash, key]));
}
