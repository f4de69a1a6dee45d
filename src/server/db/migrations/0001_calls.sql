CREATE TABLE "assistant_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "assistant_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"caller_number" text NOT NULL,
	"caller_name" text,
	"started_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"outcome" text,
	"summary" text,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recording_url" text,
	"service_name" text,
	"seq" integer NOT NULL,
	"status_seq" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calls_status_known" CHECK ("calls"."status" in ('in-progress', 'completed', 'missed', 'failed')),
	CONSTRAINT "calls_outcome_known" CHECK ("calls"."outcome" is null or "calls"."outcome" in ('booked', 'inquiry', 'no-action')),
	CONSTRAINT "calls_duration_seconds_non_negative" CHECK ("calls"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"duration_minutes" integer NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"category" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_duration_minutes_positive" CHECK ("services"."duration_minutes" >= 1),
	CONSTRAINT "services_price_cents_non_negative" CHECK ("services"."price_cents" >= 0),
	CONSTRAINT "services_category_known" CHECK ("services"."category" is null or "services"."category" in ('medical', 'beauty', 'wellness', 'consultation', 'treatment', 'therapy', 'other'))
);
--> statement-breakpoint
ALTER TABLE "assistant_keys" ADD CONSTRAINT "assistant_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_keys_business_id_created_at_idx" ON "assistant_keys" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_business_id_external_id_unique" ON "calls" USING btree ("business_id","external_id");--> statement-breakpoint
CREATE INDEX "calls_business_id_seq_idx" ON "calls" USING btree ("business_id","seq");--> statement-breakpoint
CREATE INDEX "calls_business_id_status_status_seq_idx" ON "calls" USING btree ("business_id","status","status_seq");--> statement-breakpoint
CREATE INDEX "calls_business_id_status_seq_idx" ON "calls" USING btree ("business_id","status","seq");--> statement-breakpoint
CREATE INDEX "calls_business_id_started_at_id_idx" ON "calls" USING btree ("business_id","started_at","id");--> statement-breakpoint
CREATE INDEX "services_business_id_name_idx" ON "services" USING btree ("business_id","name");