import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { businessIdColumn } from "./businesses.schema";

/**
 * Opening hours: the one source of truth for when a business works (the company settings read and write the
 * same rows). A range is [start_minute, end_minute) minutes after local midnight of its weekday (0 = Sunday);
 * 1440 ends a range at midnight. Ranges of one day never overlap (an exclusion constraint, 0013).
 */
export const weeklyHours = pgTable(
  "weekly_hours",
  {
    businessId: businessIdColumn(),
    weekday: smallint("weekday").notNull(),
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.weekday, t.startMinute] }),
    check("weekly_hours_weekday_range", sql`${t.weekday} between 0 and 6`),
    check(
      "weekly_hours_minutes_range",
      sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
  ],
);

/**
 * A closure of the business: from start_minute of start_date to end_minute of end_date, local to the business.
 * A null start_minute is the start of start_date (0), a null end_minute the end of end_date (1440); the two are
 * independent. (Before 0022 the minutes applied to each day of the range; that migration made such rows one a
 * day.)
 */
export const blackoutDates = pgTable(
  "blackout_dates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: businessIdColumn(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    startMinute: smallint("start_minute"),
    endMinute: smallint("end_minute"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blackout_dates_business_id_end_date_idx").on(t.businessId, t.endDate),
    check("blackout_dates_dates_ordered", sql`${t.startDate} <= ${t.endDate}`),
    check(
      "blackout_dates_start_minute_range",
      sql`${t.startMinute} is null or ${t.startMinute} between 0 and 1439`,
    ),
    check(
      "blackout_dates_end_minute_range",
      sql`${t.endMinute} is null or ${t.endMinute} between 1 and 1440`,
    ),
    check(
      "blackout_dates_end_after_start",
      sql`${t.startDate} < ${t.endDate} or ${t.startMinute} is null or ${t.endMinute} is null or ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
);

export type WeeklyHoursRow = typeof weeklyHours.$inferSelect;
export type BlackoutDateRow = typeof blackoutDates.$inferSelect;
