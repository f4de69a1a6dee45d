import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { businessIdColumn } from "./businesses.schema";

/** Where a call's recording copy stands (see recordings/recording-copier.ts). */
export const RECORDING_COPY_STATES = ["pending", "stored", "failed", "expired", "discarded"] as const;
export type RecordingCopyState = (typeof RECORDING_COPY_STATES)[number];

/**
 * The copy of each call's recording into our own storage, and the durable job that makes it: one row per call
 * whose recording link was set while the business's recording was on (written by recording_copies_sync, in the
 * calls writer's transaction). `pending` waits for `next_attempt_at`; `stored` holds a copy (its size and type);
 * `failed` gave up after its attempts, `expired` on the platform's 403/404/410; `discarded` is a tombstone: its
 * call, or the call's link, is gone, and the stored file is deleted before the row. No foreign key to calls on
 * purpose: the tombstone must outlive its call, so a crash between the rows and the file leaves no file behind.
 */
export const recordingCopies = pgTable(
  "recording_copies",
  {
    businessId: businessIdColumn(),
    callId: uuid("call_id").notNull(),
    sourceUrl: text("source_url").notNull(),
    state: text("state").$type<RecordingCopyState>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** A worker's claim: no other takes the row (nor deletes its file) before this. */
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    /** Why the last attempt failed (English, for the logs and support). */
    lastError: text("last_error"),
    /** The stored copy (it stays while a changed link is copied again). */
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    contentType: text("content_type"),
    storedAt: timestamp("stored_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.callId] }),
    // The worker's way to what is due, all businesses together.
    index("recording_copies_due_idx").on(t.nextAttemptAt).where(sql`${t.state} in ('pending', 'discarded')`),
    check(
      "recording_copies_state_known",
      sql`${t.state} in (${sql.raw(RECORDING_COPY_STATES.map((s) => `'${s}'`).join(", "))})`,
    ),
  ],
);

/**
 * Deleted businesses whose stored recordings are still to be deleted: written in the deletion's transaction
 * (the business's rows are gone with it, so nothing else could say whose files remain). Global: it names a
 * business that no longer exists. Dropped once the files are gone and no copy begun before could still land.
 */
export const recordingErasures = pgTable("recording_erasures", {
  businessId: uuid("business_id").primaryKey(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
});
