import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CALL_OUTCOMES,
  CALL_STATUSES,
  type CallOutcome,
  type CallStatus,
  type TranscriptTurn,
} from "../../../shared/calls.schema";
import { businesses } from "./businesses.schema";

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * Calls reported by the voice assistant, one row per (business, external id).
 *
 * `seq` numbers a business's calls 1..N by (started_at, id) and `status_seq` numbers them 1..N within each
 * status, both dense and kept so by every write (see 0002_call_positions): a page of the
 * newest-first list is then a range of positions, and a total is the position of a boundary row,
 * instead of an OFFSET or a count(*) over the whole history.
 */
export const calls = pgTable(
  "calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The assistant's own id of the call: reports of the same call update one row. */
    externalId: text("external_id").notNull(),
    callerNumber: text("caller_number").notNull(),
    callerName: text("caller_name"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    status: text("status").$type<CallStatus>().notNull(),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    outcome: text("outcome").$type<CallOutcome>(),
    summary: text("summary"),
    transcript: jsonb("transcript").$type<TranscriptTurn[]>().notNull().default([]),
    recordingUrl: text("recording_url"),
    serviceName: text("service_name"),
    seq: integer("seq").notNull(),
    statusSeq: integer("status_seq").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("calls_business_id_external_id_unique").on(t.businessId, t.externalId),
    index("calls_business_id_seq_idx").on(t.businessId, t.seq),
    index("calls_business_id_status_status_seq_idx").on(t.businessId, t.status, t.statusSeq),
    // Finds the status position that goes with an overall position (a date bound within one status).
    index("calls_business_id_status_seq_idx").on(t.businessId, t.status, t.seq),
    index("calls_business_id_started_at_id_idx").on(t.businessId, t.startedAt, t.id),
    check("calls_status_known", sql`${t.status} in (${sqlList(CALL_STATUSES)})`),
    check("calls_outcome_known", sql`${t.outcome} is null or ${t.outcome} in (${sqlList(CALL_OUTCOMES)})`),
    check("calls_duration_seconds_non_negative", sql`${t.durationSeconds} >= 0`),
  ],
);

export type CallRow = typeof calls.$inferSelect;
