ALTER TABLE "calls" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- Calls the privacy desk erased before the mark: only an erasure leaves a call without a number (a report needs one).
UPDATE "calls" SET "erased_at" = "content_removed_at" WHERE "caller_number" = '' AND "content_removed_at" IS NOT NULL;
