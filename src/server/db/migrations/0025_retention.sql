CREATE TABLE "purged_call_counts" (
	"business_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "purged_call_counts_business_id_status_pk" PRIMARY KEY("business_id","status")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "personal_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "record_calls" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "call_content_days" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "call_row_days" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "booking_personal_days" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "recording_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "content_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purged_call_counts" ADD CONSTRAINT "purged_call_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_personal_kept_idx" ON "bookings" USING btree ("business_id","end_time") WHERE "bookings"."personal_removed_at" is null;--> statement-breakpoint
CREATE INDEX "calls_content_kept_idx" ON "calls" USING btree ("business_id","started_at") WHERE "calls"."content_removed_at" is null;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_call_content_days_range" CHECK ("businesses"."call_content_days" is null or "businesses"."call_content_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_call_row_days_range" CHECK ("businesses"."call_row_days" is null or "businesses"."call_row_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_booking_personal_days_range" CHECK ("businesses"."booking_personal_days" is null or "businesses"."booking_personal_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_call_rows_outlast_content" CHECK ("businesses"."call_row_days" is null or "businesses"."call_content_days" is null or "businesses"."call_row_days" >= "businesses"."call_content_days");