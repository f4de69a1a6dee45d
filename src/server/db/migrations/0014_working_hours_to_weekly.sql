ALTER TABLE "businesses" DROP COLUMN "working_hours_start";--> statement-breakpoint
ALTER TABLE "businesses" DROP COLUMN "working_hours_end";--> statement-breakpoint
ALTER TABLE "businesses" DROP COLUMN "working_days";