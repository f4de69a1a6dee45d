CREATE TABLE "recording_copies" (
	"business_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"source_url" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"size_bytes" bigint,
	"content_type" text,
	"stored_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recording_copies_business_id_call_id_pk" PRIMARY KEY("business_id","call_id"),
	CONSTRAINT "recording_copies_state_known" CHECK ("recording_copies"."state" in ('pending', 'stored', 'failed', 'expired', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "recording_erasures" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recording_copies" ADD CONSTRAINT "recording_copies_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_copies_due_idx" ON "recording_copies" USING btree ("next_attempt_at") WHERE "recording_copies"."state" in ('pending', 'discarded');