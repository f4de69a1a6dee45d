import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { AVAILABILITY_DEFAULTS, AVAILABILITY_LIMITS } from "../../../shared/availability.schema";
import type { CallTransferSettings } from "../../../shared/company.schema";
import { COMPANY_DEFAULTS, DEFAULT_CALL_TRANSFER } from "../../../shared/company-defaults";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from "../../../shared/languages";
import { PRIVACY_DEFAULTS, RETENTION_DAYS_MAX } from "../../../shared/privacy.constants";

const retentionRange = (column: unknown) =>
  sql`${column} is null or ${column} between 1 and ${sql.raw(String(RETENTION_DAYS_MAX))}`;

/** The tenant. Every tenant-owned table references it through `business_id`. */
export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // Empty until the company settings are saved; the assistant's number is assigned later.
    phoneNumber: text("phone_number").notNull().default(""),
    timezone: text("timezone").notNull().default(COMPANY_DEFAULTS.timezone),
    // Opening hours live in weekly_hours; these are the rules around appointments (the buffer rules tab).
    bufferBeforeMinutes: integer("buffer_before_minutes")
      .notNull()
      .default(AVAILABILITY_DEFAULTS.bufferBeforeMinutes),
    bufferAfterMinutes: integer("buffer_after_minutes")
      .notNull()
      .default(AVAILABILITY_DEFAULTS.bufferAfterMinutes),
    minimumNoticeMinutes: integer("minimum_notice_minutes")
      .notNull()
      .default(AVAILABILITY_DEFAULTS.minimumNoticeMinutes),
    bookingHorizonDays: integer("booking_horizon_days")
      .notNull()
      .default(AVAILABILITY_DEFAULTS.bookingHorizonDays),
    slotStepMinutes: integer("slot_step_minutes").notNull().default(AVAILABILITY_DEFAULTS.slotStepMinutes),
    greeting: text("greeting").notNull().default(""),
    prompt: text("prompt").notNull().default(""),
    callTransfer: jsonb("call_transfer")
      .$type<CallTransferSettings>()
      .notNull()
      .default(DEFAULT_CALL_TRANSFER),
    /** ISO 4217: the currency of every price of the business. */
    currency: text("currency").notNull().default(COMPANY_DEFAULTS.currency),
    /** One of the portal's six: the language of the business's notifications and of its assistant. */
    language: text("language").notNull().default(DEFAULT_LANGUAGE),
    /** Whether the assistant records calls (its config says so); while off, no recording or transcript is stored. */
    recordCalls: boolean("record_calls").notNull().default(PRIVACY_DEFAULTS.recordCalls),
    /** Retention in days (null: forever) of call content, of call rows, of bookings' personal fields. */
    callContentDays: integer("call_content_days"),
    callRowDays: integer("call_row_days"),
    bookingPersonalDays: integer("booking_personal_days"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("businesses_currency_iso", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "businesses_language_known",
      sql`${t.language} in (${sql.raw(LANGUAGE_CODES.map((code) => `'${code}'`).join(", "))})`,
    ),
    check(
      "businesses_buffers_range",
      sql`${t.bufferBeforeMinutes} between 0 and ${sql.raw(String(AVAILABILITY_LIMITS.bufferMinutesMax))} and ${t.bufferAfterMinutes} between 0 and ${sql.raw(String(AVAILABILITY_LIMITS.bufferMinutesMax))}`,
    ),
    check(
      "businesses_minimum_notice_range",
      sql`${t.minimumNoticeMinutes} between 0 and ${sql.raw(String(AVAILABILITY_LIMITS.minimumNoticeMinutesMax))}`,
    ),
    check(
      "businesses_booking_horizon_range",
      sql`${t.bookingHorizonDays} between 1 and ${sql.raw(String(AVAILABILITY_LIMITS.bookingHorizonDaysMax))}`,
    ),
    check(
      "businesses_slot_step_range",
      sql`${t.slotStepMinutes} between 1 and ${sql.raw(String(AVAILABILITY_LIMITS.slotStepMinutesMax))}`,
    ),
    check("businesses_call_content_days_range", retentionRange(t.callContentDays)),
    check("businesses_call_row_days_range", retentionRange(t.callRowDays)),
    check("businesses_booking_personal_days_range", retentionRange(t.bookingPersonalDays)),
    check(
      "businesses_call_rows_outlast_content",
      sql`${t.callRowDays} is null or ${t.callContentDays} is null or ${t.callRowDays} >= ${t.callContentDays}`,
    ),
  ],
);

export type BusinessRow = typeof businesses.$inferSelect;

/**
 * The `business_id` of a tenant-owned table: not null, and deleted with its business (a business's deletion
 * is its rows' cascade).
 */
export const businessIdColumn = () =>
  uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });
