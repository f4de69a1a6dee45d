import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn } from "./businesses.schema";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: businessIdColumn(),
    // Stored lowercased (the check enforces it), so the plain unique index is case-insensitive.
    email: text("email").notNull().unique("users_email_unique"),
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    index("users_business_id_idx").on(t.businessId),
  ],
);

export type UserRow = typeof users.$inferSelect;
