import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Failed sign-in counters, in the database so every instance sees the same ones. Not tenant data. */
export const authThrottle = pgTable("auth_throttle", {
  /**
   * `acct:<normalized email>`, `device:<user id>:<device hash>` (guesses from a browser known to that user),
   * `ip:<client address>` or `signup:<client address>`.
   */
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
});

export type AuthThrottleRow = typeof authThrottle.$inferSelect;
