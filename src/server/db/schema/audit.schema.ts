import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businessIdColumn } from "./businesses.schema";
import { users } from "./users.schema";

/**
 * The audit log (issue 23 §4): one row per recorded action, written by audit/audit.repo.ts in the transaction
 * of the change it records. Kept as long as the business (docs/spec-notes.md, "Audit log"). `actor_email` is
 * the staff member's e-mail when they acted; the user id may outlive its user (set null then).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    businessId: businessIdColumn(),
    // In the order of writing: of two entries at one instant, the later written is the newer.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    actorKind: text("actor_kind").notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    details: jsonb("details").notNull(),
  },
  (t) => [
    check("audit_log_actor_kind", sql`${t.actorKind} in ('user', 'assistant', 'system')`),
    // Newest first, page by page.
    index("audit_log_business_id_occurred_at_idx").on(t.businessId, t.occurredAt.desc(), t.id.desc()),
    index("audit_log_actor_user_id_idx").on(t.actorUserId),
    // One entry per retention purge run (by its start), which each of the run's batches adds its counts to.
    uniqueIndex("audit_log_retention_run_key")
      .on(t.businessId, t.occurredAt)
      .where(sql`${t.action} = 'retention.purged'`),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
