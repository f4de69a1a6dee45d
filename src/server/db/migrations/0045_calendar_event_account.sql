ALTER TABLE "calendar_events" ADD COLUMN "account" text;--> statement-breakpoint
-- The events of a connected calendar belong to its account; those of a business disconnected since stay unknown.
UPDATE "calendar_events" ce SET "account" = lower(k."email") FROM "calendar_connections" k WHERE k."business_id" = ce."business_id";
