import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { SERVICE_CATEGORIES } from "../../../shared/service.constants";
import { businessIdColumn } from "./businesses.schema";

/** The bookable services of a business (spec 3 "Service"); the assistant offers the active ones. */
export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: businessIdColumn(),
    name: text("name").notNull(),
    description: text("description"),
    durationMinutes: integer("duration_minutes").notNull(),
    // Whole cents: the spec's prices are dollars with two decimals, which floats cannot hold exactly.
    priceCents: integer("price_cents").notNull().default(0),
    category: text("category"),
    isActive: boolean("is_active").notNull().default(true),
    // Null follows the business's buffers.
    bufferBeforeMinutes: integer("buffer_before_minutes"),
    bufferAfterMinutes: integer("buffer_after_minutes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("services_business_id_name_idx").on(t.businessId, t.name),
    // Two active services may not share a name, whatever its case (the assistant books by name).
    uniqueIndex("services_business_id_active_name_key")
      .on(t.businessId, sql`lower(${t.name})`)
      .where(sql`${t.isActive}`),
    check(
      "services_buffers_range",
      sql`(${t.bufferBeforeMinutes} is null or ${t.bufferBeforeMinutes} between 0 and 240) and (${t.bufferAfterMinutes} is null or ${t.bufferAfterMinutes} between 0 and 240)`,
    ),
    check("services_duration_minutes_positive", sql`${t.durationMinutes} >= 1`),
    check("services_price_cents_non_negative", sql`${t.priceCents} >= 0`),
    check(
      "services_category_known",
      sql`${t.category} is null or ${t.category} in (${sql.raw(SERVICE_CATEGORIES.map((c) => `'${c}'`).join(", "))})`,
    ),
  ],
);

export type ServiceRow = typeof services.$inferSelect;
