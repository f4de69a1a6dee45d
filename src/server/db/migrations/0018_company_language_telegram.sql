CREATE TABLE "telegram_connections" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_through_id" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"broken_at" timestamp with time zone,
	"broken_reason" text
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "call_id" uuid;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "telegram_connections" ADD CONSTRAINT "telegram_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_call_id_idx" ON "outbox" USING btree ("call_id") WHERE "outbox"."call_id" is not null;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_currency_iso" CHECK ("businesses"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_language_known" CHECK ("businesses"."language" in ('en', 'pl', 'fr', 'de', 'es', 'nl'));