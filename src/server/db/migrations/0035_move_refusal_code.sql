ALTER TABLE "calendar_events" ADD COLUMN "move_refusal_code" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "move_refused_to" timestamp with time zone;--> statement-breakpoint
-- The refusals noted so far were the server's English sentences: kept as the code they stood for (the
-- opening hours' one names the time it was moved to; the others did not say it).
UPDATE "calendar_events" SET
  "move_refusal_code" = CASE
    WHEN "move_refusal" LIKE '% is outside the opening hours' THEN 'OUTSIDE_HOURS'
    WHEN "move_refusal" LIKE '%no longer free%' THEN 'SLOT_TAKEN'
    WHEN "move_refusal" LIKE '%cannot be moved%' THEN 'BOOKING_STATUS'
    ELSE 'CONFLICT' END,
  "move_refused_to" = CASE
    WHEN "move_refusal" ~ '^\d{4}-\d{2}-\d{2}T[0-9:.]+Z is outside the opening hours$'
    THEN substring("move_refusal" from '^(\S+) ')::timestamptz END
WHERE "move_refusal" IS NOT NULL;
