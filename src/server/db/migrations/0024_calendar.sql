CREATE TABLE "calendar_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_busy" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_busy_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"calendar_id" text DEFAULT 'primary' NOT NULL,
	"scopes" text NOT NULL,
	"refresh_token" text NOT NULL,
	"access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_through_id" bigint DEFAULT 0 NOT NULL,
	"delivered_through_xid" "xid8" DEFAULT '0' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT 'epoch' NOT NULL,
	"last_error" text,
	"broken_at" timestamp with time zone,
	"broken_reason" text,
	"last_checked_at" timestamp with time zone,
	"sync_token" text,
	"watch_channel_id" text,
	"watch_resource_id" text,
	"watch_token" text,
	"watch_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"booking_version" integer NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"deleted_in_google_at" timestamp with time zone,
	"move_refusal" text
);
--> statement-breakpoint
ALTER TABLE "calendar_authorizations" ADD CONSTRAINT "calendar_authorizations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_authorizations" ADD CONSTRAINT "calendar_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_authorizations_expires_at_idx" ON "calendar_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "calendar_busy_business_starts_idx" ON "calendar_busy" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_business_event_idx" ON "calendar_events" USING btree ("business_id","event_id");