import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import {
  boolean,
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
import { businessIdColumn } from "./businesses.schema";

/**
 * A phone number as the privacy desk compares it: its digits only, so "+1 718 555 0142" and "+17185550142"
 * are one caller, without a leading 00, the international prefix that stands for + ("0048 600 100 200" is
 * "+48 600 100 200"). The indexes below and the desk's queries must spell it the same for the index to
 * serve; `phoneDigits` below is its twin for the number searched (the privacy desk's, the assistant's lookup
 * of a caller's bookings).
 */
export const callerDigits = (column: AnyColumn | SQL) =>
  sql`regexp_replace(regexp_replace(${column}, '[^0-9]', '', 'g'), '^00', '')`;

/** A number's digits as callerDigits compares them: a leading 00 is the + it stands for. */
export const phoneDigits = (phone: string) => phone.replace(/[^0-9]/g, "").replace(/^00/, "");

/**
 * A call still holding content the retention purge removes (transcript, recording link or summary). Its partial
 * index below and the purge's and preview's queries spell it the same: the purge walks only such calls, so a
 * call that never held any (a missed call) is neither counted as cleared nor marked as such.
 */
export const callHoldsContent = (call: {
  summary: AnyColumn;
  recordingUrl: AnyColumn;
  transcript: AnyColumn;
}) =>
  sql`(${call.summary} is not null or ${call.recordingUrl} is not null or ${call.transcript} <> '[]'::jsonb)`;

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * Calls reported by the voice assistant, one row per (business, external id). Lists read them newest first,
 * by (started_at, id); how many there are in any stretch of time is kept in call_counts (see
 * call-counts.schema.ts), so no write touches another call's row.
 */
export const calls = pgTable(
  "calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: businessIdColumn(),
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
    /** Reported while the business's recording was off: its recording link and transcript were not stored. */
    recordingOff: boolean("recording_off").notNull().default(false),
    /** When the retention purge removed its transcript, recording link and summary (null: not yet). */
    contentRemovedAt: timestamp("content_removed_at", { withTimezone: true }),
    /**
     * When the privacy desk erased its caller (null: never). Later reports of the call update its status and
     * figures but never bring back its number, name or content (db/functions/calls-write.sql).
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /**
     * When the server ended the call as failed, still in progress with no report for UNREPORTED_END_MS
     * (calls/unreported-ends.ts): the report of its end never came. A later report of its end clears it.
     */
    endUnreportedAt: timestamp("end_unreported_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("calls_business_id_external_id_unique").on(t.businessId, t.externalId),
    index("calls_business_id_started_at_id_idx").on(t.businessId, t.startedAt, t.id),
    index("calls_business_id_status_started_at_id_idx").on(t.businessId, t.status, t.startedAt, t.id),
    // The privacy desk finds a caller among all of a business's calls by the digits of their number (however
    // it was written) or by their name, any case: see callerMatch in privacy/caller-data.repo.ts.
    index("calls_business_id_caller_digits_idx").on(t.businessId, callerDigits(t.callerNumber)),
    index("calls_business_id_caller_name_idx").on(t.businessId, sql`lower(${t.callerName})`),
    // The retention purge's way to the oldest calls still holding content: only those (see callHoldsContent).
    index("calls_content_kept_idx").on(t.businessId, t.startedAt).where(callHoldsContent(t)),
    // The calls in progress, by their last report: the few the job ending unreported calls looks through.
    index("calls_in_progress_updated_at_idx").on(t.updatedAt).where(sql`${t.status} = 'in-progress'`),
    check("calls_status_known", sql`${t.status} in (${sqlList(CALL_STATUSES)})`),
    check("calls_outcome_known", sql`${t.outcome} is null or ${t.outcome} in (${sqlList(CALL_OUTCOMES)})`),
    check("calls_duration_seconds_non_negative", sql`${t.durationSeconds} >= 0`),
  ],
);

export type CallRow = typeof calls.$inferSelect;
