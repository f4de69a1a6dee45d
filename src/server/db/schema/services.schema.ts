import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { SERVICE_CATEGORIES } from "../../../shared/service.constants";
import { businesses } from "./businesses.schema";

/** The bookable services of a business (spec 3 "Service"); the assistant offers the active ones. */
export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    durationMinutes: integer("duration_minutes").notNull(),
    // Whole cents: the spec's prices are dollars with two decimals, which floats cannot hold exactly.
    priceCents: integer("price_cents").notNull().default(0),
    category: text("category"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("services_business_id_name_idx").on(t.businessId, t.name),
    check("services_duration_minutes_positive", sql`${t.durationMinutes} >= 1`),
    check("services_price_cents_non_negative", sql`${t.priceCents} >= 0`),
    check(
      "services_category_known",
      sql`${t.category} is null or ${t.category} in (${sql.raw(SERVICE_CATEGORIES.map((c) => `'${c}'`).join(", "))})`,
    ),
  ],
);

export type ServiceRow = typeof services.$inferSelect;
