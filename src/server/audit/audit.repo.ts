import type { AuditEntry, AuditEvent } from "@shared/audit.schema";
import { sql } from "drizzle-orm";
import type { Executor, Transaction } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import { auditLog } from "../db/schema/audit.schema";

/** Who acts: a signed-in staff member (by id: their e-mail is copied as it is now), the assistant, the server. */
export type AuditActorInput = { userId: string } | "assistant" | "system";

export type AuditRecord = AuditEvent & { businessId: string; actor: AuditActorInput; at: Date };

/**
 * The one writer of the audit log. It takes a transaction, not the database: an entry is written with the
 * change it records, so neither is ever kept without the other. Resolves to the entry's id.
 */
export async function recordAudit(
  tx: Transaction,
  { businessId, actor, at, action, details }: AuditRecord,
): Promise<string> {
  const userId = typeof actor === "string" ? null : actor.userId;
  const [entry] = await tx
    .insert(auditLog)
    .values({
      businessId,
      occurredAt: at,
      actorKind: typeof actor === "string" ? actor : "user",
      actorUserId: userId,
      actorEmail:
        userId === null
          ? null
          : sql`(select email from users where id = ${userId}::uuid and business_id = ${businessId}::uuid)`,
      action,
      details,
    })
    .returning({ id: auditLog.id });
  return String(entry!.id);
}

/**
 * A save's entry, which names the fields it changed (`changedFields`): a save that changes nothing (or only
 * what the log does not name) is no change to record.
 */
export async function recordChangedFields(
  tx: Transaction,
  record: AuditRecord & { details: { fields: readonly string[] } },
): Promise<void> {
  if (record.details.fields.length > 0) await recordAudit(tx, record);
}

/** What one retention purge run removed of a business, as its entry counts it. */
export type RetentionCounts = Extract<AuditEvent, { action: "retention.purged" }>["details"];

/**
 * Adds one batch of a retention purge run to the run's entry (`retention.purged` by the server, one per
 * business and run, keyed by the run's start `at`), in the batch's own transaction: the entry is made by the
 * first batch that removes anything and always counts exactly what the committed batches removed, however
 * the run ends.
 */
export async function recordRetentionBatch(
  tx: Transaction,
  { businessId, at, counts }: { businessId: string; at: Date; counts: RetentionCounts },
): Promise<void> {
  await tx.execute(
    sql`insert into audit_log (business_id, occurred_at, actor_kind, action, details)
      values (${businessId}::uuid, ${at.toISOString()}::timestamptz, 'system', 'retention.purged',
        ${JSON.stringify(counts)}::jsonb)
      on conflict (business_id, occurred_at) where action = 'retention.purged' do update
      set details = (select jsonb_object_agg(n.key, coalesce((audit_log.details->>n.key)::int, 0) + n.value::int)
        from jsonb_each_text(excluded.details) n)`,
  );
}

/** An entry as the API answers it (a row of audit_log as `entry`). */
const entryJson = sql`json_build_object(
  '_id', entry.id::text,
  'occurredAt', ${isoUtc(sql`entry.occurred_at`)},
  'actor', case when entry.actor_kind = 'user'
    then json_build_object('kind', entry.actor_kind, 'email', entry.actor_email)
    else json_build_object('kind', entry.actor_kind) end,
  'action', entry.action,
  'details', entry.details)`;

/** A page of the business's log, newest first, with the exact total (a page past the end is empty). */
export async function listAuditEntries(
  db: Executor,
  businessId: string,
  { page, limit }: { page: number; limit: number },
): Promise<{ total: number; data: AuditEntry[] }> {
  const [row] = await rawRows<{ total: number; data: AuditEntry[] }>(
    db,
    sql`select
        (select count(*)::int from audit_log where business_id = ${businessId}::uuid) as total,
        coalesce((select json_agg(${entryJson} order by occurred_at desc, id desc)
          from (select * from audit_log where business_id = ${businessId}::uuid
            order by occurred_at desc, id desc
            limit ${limit} offset ${(page - 1) * limit}) entry), '[]'::json) as data`,
  );
  return row ?? { total: 0, data: [] };
}

/** One entry of the business's log by its id, digits (null: none such, or another business's). */
export async function findAuditEntry(
  db: Executor,
  businessId: string,
  id: string,
): Promise<AuditEntry | null> {
  const [row] = await rawRows<{ entry: AuditEntry }>(
    db,
    sql`select ${entryJson} as entry from audit_log entry
      where entry.business_id = ${businessId}::uuid and entry.id = ${id}::bigint`,
  );
  return row?.entry ?? null;
}
