CREATE TABLE "purged_calls" (
	"business_id" uuid NOT NULL,
	"external_id_digest" text NOT NULL,
	"call_id" uuid NOT NULL,
	CONSTRAINT "purged_calls_business_id_external_id_digest_pk" PRIMARY KEY("business_id","external_id_digest")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "end_unreported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purged_calls" ADD CONSTRAINT "purged_calls_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_in_progress_updated_at_idx" ON "calls" USING btree ("updated_at") WHERE "calls"."status" = 'in-progress';