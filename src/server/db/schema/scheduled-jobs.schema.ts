import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Background jobs shared by every server instance on one database: whoever moves `next_due_at` on first
 * runs the job for that due time (see scheduler/scheduler.ts). Not tenant data.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextDueAt: timestamp("next_due_at", { withTimezone: true }).notNull(),
  /** Set while a run is in flight, so a run longer than the interval is not started twice. */
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  /** The last run's error message; null after a run that succeeded. */
  lastError: text("last_error"),
});
