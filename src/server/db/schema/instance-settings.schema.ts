import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Settings of the whole installation that every instance on the database must share: the secrets generated
 * when configuration gives none (see secrets.ts). A row is written once, by whichever instance needs it first,
 * and never changed. Not tenant data.
 */
export const instanceSettings = pgTable("instance_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
