-- Completed bookings hold their time (issue 20 §3): the no-double-booking constraint covers every status but
-- cancelled. Under 0015's rule a booking completed before it started freed its time, and another booking may
-- since have been made over it; the rows are brought under the new rule first (docs/spec-notes.md, "Bookings:
-- changes"):
--   1. a completed booking whose start is still ahead and that overlaps no other booking that is not cancelled
--      is confirmed again (it was completed too early), with a 'confirm' event by the system in its timeline;
--   2. a completed booking that overlaps another booking that is not cancelled (a pending or confirmed one, or
--      a completed one made before it) keeps its status but holds no time: an empty occupied range (start =
--      end), which the widened check below allows for completed bookings only. The booking made over it, a
--      time promised to a caller, is left as it is;
--   3. the constraint is recreated with the new predicate.
-- A temporary gist index over the rows the new rule covers makes each overlap question an index probe.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_occupied_covers_times";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_occupied_covers_times" CHECK (("bookings"."occupied_start" <= "bookings"."start_time" and "bookings"."occupied_end" >= "bookings"."end_time") or ("bookings"."status" = 'completed' and "bookings"."occupied_start" = "bookings"."occupied_end"));--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_double_booking";--> statement-breakpoint
CREATE INDEX "bookings_holding_overlap_tmp" ON "bookings" USING gist ("business_id", tstzrange("occupied_start", "occupied_end"))
  WHERE ("status" <> 'cancelled');--> statement-breakpoint
WITH reopened AS (
  UPDATE "bookings" b SET "status" = 'confirmed', "version" = b."version" + 1, "updated_at" = now()
  WHERE b."status" = 'completed' AND b."start_time" > now()
    AND NOT EXISTS (
      SELECT FROM "bookings" o
      WHERE o."business_id" = b."business_id" AND o."id" <> b."id" AND o."status" <> 'cancelled'
        AND tstzrange(o."occupied_start", o."occupied_end") && tstzrange(b."occupied_start", b."occupied_end"))
  RETURNING b."id", b."business_id", b."start_time", b."end_time", b."version"
)
INSERT INTO "booking_events" ("business_id", "booking_id", "at", "action", "actor_kind", "actor_id", "actor_name",
  "from_status", "to_status", "from_start_time", "to_start_time", "from_end_time", "to_end_time", "version")
SELECT r."business_id", r."id", now(), 'confirm', 'system', NULL, 'Completed before its start: reopened',
  'completed', 'confirmed', r."start_time", r."start_time", r."end_time", r."end_time", r."version"
FROM reopened r;--> statement-breakpoint
UPDATE "bookings" b SET "occupied_start" = b."start_time", "occupied_end" = b."start_time"
WHERE b."status" = 'completed'
  AND EXISTS (
    SELECT FROM "bookings" o
    WHERE o."business_id" = b."business_id" AND o."id" <> b."id" AND o."status" <> 'cancelled'
      AND tstzrange(o."occupied_start", o."occupied_end") && tstzrange(b."occupied_start", b."occupied_end")
      AND (o."status" <> 'completed' OR (o."created_at", o."id") < (b."created_at", b."id")));--> statement-breakpoint
DROP INDEX "bookings_holding_overlap_tmp";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_double_booking"
  EXCLUDE USING gist ("business_id" WITH =, tstzrange("occupied_start", "occupied_end") WITH &&)
  WHERE ("status" <> 'cancelled');
