import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { CallTransferSettings } from "../../../shared/company.schema";
import { COMPANY_DEFAULTS, DEFAULT_CALL_TRANSFER } from "../../../shared/company-defaults";

/** The tenant. Every tenant-owned table references it through `business_id`. */
export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // Empty until the company settings are saved; the assistant's number is assigned later.
    phoneNumber: text("phone_number").notNull().default(""),
    timezone: text("timezone").notNull().default(COMPANY_DEFAULTS.timezone),
    workingHoursStart: text("working_hours_start").notNull().default(COMPANY_DEFAULTS.workingHoursStart),
    workingHoursEnd: text("working_hours_end").notNull().default(COMPANY_DEFAULTS.workingHoursEnd),
    workingDays: integer("working_days")
      .array()
      .notNull()
      .default(sql.raw(`'{${COMPANY_DEFAULTS.workingDays.join(",")}}'`)),
    greeting: text("greeting").notNull().default(""),
    prompt: text("prompt").notNull().default(""),
    callTransfer: jsonb("call_transfer")
      .$type<CallTransferSettings>()
      .notNull()
      .default(DEFAULT_CALL_TRANSFER),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "businesses_working_hours_start_hhmm",
      sql`${t.workingHoursStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check("businesses_working_hours_end_hhmm", sql`${t.workingHoursEnd} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("businesses_working_days_range", sql`${t.workingDays} <@ '{0,1,2,3,4,5,6}'::integer[]`),
  ],
);

export type BusinessRow = typeof businesses.$inferSelect;
