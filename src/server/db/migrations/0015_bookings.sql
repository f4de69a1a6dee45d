-- Bookings (with what they were booked for), their timeline and the outbox of changes to deliver. The occupied
-- ranges of a business's pending and confirmed bookings never overlap: an exclusion constraint (btree_gist,
-- loaded by 0000), so two requests for one slot cannot both succeed whatever order they commit in.

CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"from_start_time" timestamp with time zone,
	"to_start_time" timestamp with time zone NOT NULL,
	"from_end_time" timestamp with time zone,
	"to_end_time" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "booking_events_action_known" CHECK ("booking_events"."action" in ('create', 'confirm', 'complete', 'cancel', 'reschedule')),
	CONSTRAINT "booking_events_actor_kind_known" CHECK ("booking_events"."actor_kind" in ('staff', 'assistant', 'telegram', 'calendar', 'system'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"external_id" text,
	"source" text NOT NULL,
	"service_id" uuid,
	"service_name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"buffer_before_minutes" integer NOT NULL,
	"buffer_after_minutes" integer NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"notes" text,
	"call_id" uuid,
	"call_external_id" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"occupied_start" timestamp with time zone NOT NULL,
	"occupied_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_known" CHECK ("bookings"."status" in ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_source_known" CHECK ("bookings"."source" in ('assistant', 'staff')),
	CONSTRAINT "bookings_times_ordered" CHECK ("bookings"."start_time" <= "bookings"."end_time"),
	CONSTRAINT "bookings_occupied_covers_times" CHECK ("bookings"."occupied_start" <= "bookings"."start_time" and "bookings"."occupied_end" >= "bookings"."end_time"),
	CONSTRAINT "bookings_duration_minutes_non_negative" CHECK ("bookings"."duration_minutes" >= 0),
	CONSTRAINT "bookings_price_cents_non_negative" CHECK ("bookings"."price_cents" >= 0),
	CONSTRAINT "bookings_buffers_range" CHECK ("bookings"."buffer_before_minutes" between 0 and 240 and "bookings"."buffer_after_minutes" between 0 and 240),
	CONSTRAINT "bookings_version_positive" CHECK ("bookings"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"booking_id" uuid,
	"booking_event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_booking_event_id_booking_events_id_fk" FOREIGN KEY ("booking_event_id") REFERENCES "public"."booking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_events_booking_id_version_key" ON "booking_events" USING btree ("booking_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_business_id_external_id_key" ON "bookings" USING btree ("business_id","external_id") WHERE "bookings"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_business_id_start_time_id_idx" ON "bookings" USING btree ("business_id","start_time","id");--> statement-breakpoint
CREATE INDEX "bookings_business_id_status_start_time_id_idx" ON "bookings" USING btree ("business_id","status","start_time","id");--> statement-breakpoint
CREATE INDEX "bookings_business_id_customer_phone_start_time_idx" ON "bookings" USING btree ("business_id","customer_phone","start_time");--> statement-breakpoint
CREATE INDEX "bookings_business_id_created_at_idx" ON "bookings" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_call_id_idx" ON "bookings" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "bookings_business_id_call_external_id_idx" ON "bookings" USING btree ("business_id","call_external_id") WHERE "bookings"."call_id" is null and "bookings"."call_external_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_business_id_id_idx" ON "outbox" USING btree ("business_id","id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_double_booking"
  EXCLUDE USING gist ("business_id" WITH =, tstzrange("occupied_start", "occupied_end") WITH &&)
  WHERE ("status" in ('pending', 'confirmed'));
