-- Issue 20: a blackout becomes one span, from start_minute of start_date to end_minute of end_date (a null
-- start_minute is 00:00 of start_date, a null end_minute 24:00 of end_date), instead of "those minutes on each
-- day of start_date..end_date". A row of several days with minutes meant the latter: it becomes one row per
-- day (same minutes, reason and creation time), so nothing closes or opens. The first day keeps the row's id.
INSERT INTO "blackout_dates" ("business_id", "start_date", "end_date", "start_minute", "end_minute", "reason", "created_at")
SELECT b."business_id", b."start_date" + n, b."start_date" + n, b."start_minute", b."end_minute", b."reason", b."created_at"
FROM "blackout_dates" b CROSS JOIN LATERAL generate_series(1, b."end_date" - b."start_date") AS n
WHERE b."start_date" < b."end_date" AND b."start_minute" IS NOT NULL;--> statement-breakpoint
UPDATE "blackout_dates" SET "end_date" = "start_date"
WHERE "start_date" < "end_date" AND "start_minute" IS NOT NULL;--> statement-breakpoint
-- Each end now stands alone: a start in 00:00..23:59, an end in 00:01..24:00, and on one day the end after
-- the start.
ALTER TABLE "blackout_dates" DROP CONSTRAINT "blackout_dates_minutes_range";--> statement-breakpoint
ALTER TABLE "blackout_dates" ADD CONSTRAINT "blackout_dates_start_minute_range" CHECK ("blackout_dates"."start_minute" is null or "blackout_dates"."start_minute" between 0 and 1439);--> statement-breakpoint
ALTER TABLE "blackout_dates" ADD CONSTRAINT "blackout_dates_end_minute_range" CHECK ("blackout_dates"."end_minute" is null or "blackout_dates"."end_minute" between 1 and 1440);--> statement-breakpoint
ALTER TABLE "blackout_dates" ADD CONSTRAINT "blackout_dates_end_after_start" CHECK ("blackout_dates"."start_date" < "blackout_dates"."end_date" or "blackout_dates"."start_minute" is null or "blackout_dates"."end_minute" is null or "blackout_dates"."start_minute" < "blackout_dates"."end_minute");