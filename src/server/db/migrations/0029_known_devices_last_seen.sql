-- Devices remembered before this were last seen, as far as anyone knows, when first seen.
ALTER TABLE "known_devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "known_devices" SET "last_seen_at" = "first_seen_at";--> statement-breakpoint
ALTER TABLE "known_devices" ALTER COLUMN "last_seen_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "known_devices_last_seen_at_idx" ON "known_devices" USING btree ("last_seen_at");
