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

/** False when the business has no such active key (unknown, already revoked, or another tenant's). */
export async function revokeAssistantKey(
  db: Executor,
  businessId: string,
  keyId: string,
  now: Date,
): Promise<boolean> {
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
    .returning({ id: assistantKeys.id });
  return rows.length === 1;
}

export type UsableAssistantKey = { keyId: string; businessId: string; timezone: string };

/**
 * The active key with this hash, with its business and the business's timezone; stamps `last_used_at` when
 * the stored stamp is older than `touchAfterMs` (see assistant_key_use in 0003_call_reads). Unscoped by
 * design: the key itself is the credential that names the tenant.
 */
export async function recordAssistantKeyUse(
  db: Executor,
  keyHash: string,
  now: Date,
  touchAfterMs: number,
): Promise<UsableAssistantKey | null> {
  const [row] = await rawRows<UsableAssistantKey>(
    db,
    sql`select key_id as "keyId", business_id as "businessId", timezone
      from assistant_key_use(${keyHash}, ${now.toISOString()}::timestamptz, make_interval(secs => ${touchAfterMs / 1000}))`,
  );
  return row ?? null;
}
