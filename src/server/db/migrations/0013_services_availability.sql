-- Services gain their own buffers and a unique active name; availability gets its tables (weekly_hours, the one
-- source of opening hours, and blackout_dates) and the rules around appointments on businesses. Each business's
-- working hours and days become its weekly ranges; 0014 then drops the old columns.

CREATE TABLE "blackout_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blackout_dates_dates_ordered" CHECK ("blackout_dates"."start_date" <= "blackout_dates"."end_date"),
	CONSTRAINT "blackout_dates_minutes_range" CHECK (("blackout_dates"."start_minute" is null and "blackout_dates"."end_minute" is null) or ("blackout_dates"."start_minute" >= 0 and "blackout_dates"."start_minute" < "blackout_dates"."end_minute" and "blackout_dates"."end_minute" <= 1440))
);
--> statement-breakpoint
CREATE TABLE "weekly_hours" (
	"business_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "weekly_hours_business_id_weekday_start_minute_pk" PRIMARY KEY("business_id","weekday","start_minute"),
	CONSTRAINT "weekly_hours_weekday_range" CHECK ("weekly_hours"."weekday" between 0 and 6),
	CONSTRAINT "weekly_hours_minutes_range" CHECK ("weekly_hours"."start_minute" >= 0 and "weekly_hours"."start_minute" < "weekly_hours"."end_minute" and "weekly_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "businesses" DROP CONSTRAINT "businesses_working_hours_start_hhmm";--> statement-breakpoint
ALTER TABLE "businesses" DROP CONSTRAINT "businesses_working_hours_end_hhmm";--> statement-breakpoint
ALTER TABLE "businesses" DROP CONSTRAINT "businesses_working_days_range";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "minimum_notice_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "booking_horizon_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "slot_step_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_before_minutes" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_after_minutes" integer;--> statement-breakpoint
ALTER TABLE "blackout_dates" ADD CONSTRAINT "blackout_dates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_hours" ADD CONSTRAINT "weekly_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blackout_dates_business_id_end_date_idx" ON "blackout_dates" USING btree ("business_id","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "services_business_id_active_name_key" ON "services" USING btree ("business_id",lower("name")) WHERE "services"."is_active";--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_buffers_range" CHECK ("businesses"."buffer_before_minutes" between 0 and 240 and "businesses"."buffer_after_minutes" between 0 and 240);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_minimum_notice_range" CHECK ("businesses"."minimum_notice_minutes" between 0 and 43200);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_booking_horizon_range" CHECK ("businesses"."booking_horizon_days" between 1 and 730);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_slot_step_range" CHECK ("businesses"."slot_step_minutes" between 1 and 240);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffers_range" CHECK (("services"."buffer_before_minutes" is null or "services"."buffer_before_minutes" between 0 and 240) and ("services"."buffer_after_minutes" is null or "services"."buffer_after_minutes" between 0 and 240));--> statement-breakpoint
ALTER TABLE "weekly_hours" ADD CONSTRAINT "weekly_hours_no_overlap"
  EXCLUDE USING gist ("business_id" WITH =, "weekday" WITH =, int4range("start_minute", "end_minute") WITH &&);--> statement-breakpoint
INSERT INTO "weekly_hours" ("business_id", "weekday", "start_minute", "end_minute")
SELECT b.id, d.weekday, h.start_minute, h.end_minute
FROM "businesses" b
CROSS JOIN LATERAL (
  SELECT split_part(b.working_hours_start, ':', 1)::int * 60 + split_part(b.working_hours_start, ':', 2)::int AS start_minute,
         split_part(b.working_hours_end, ':', 1)::int * 60 + split_part(b.working_hours_end, ':', 2)::int AS end_minute
) h
CROSS JOIN LATERAL (SELECT DISTINCT unnest(b.working_days) AS weekday) d
WHERE h.start_minute < h.end_minute;
