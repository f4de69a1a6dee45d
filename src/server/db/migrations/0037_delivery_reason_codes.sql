ALTER TABLE "assistant_deliveries" ADD COLUMN "reason_code" text;--> statement-breakpoint
-- The refusals stored before this migration, coded by the English reason they were stored with (the texts
-- the server wrote until now: webhook-signatures.ts, webhooks.routes.ts, tool-calls.ts). Anything else a
-- refusal said was a message that could not be read, its reason naming the field.
UPDATE "assistant_deliveries" SET "reason_code" = CASE
  WHEN "reason" IN ('the Authorization bearer token does not match', 'X-Vapi-Secret does not match') THEN 'wrong_secret'
  WHEN "reason" = 'no Authorization, X-Vapi-Secret or x-signature header' THEN 'no_credential'
  WHEN "reason" = 'x-timestamp is missing or not a number' THEN 'no_timestamp'
  WHEN "reason" = 'x-retell-signature is missing or not v=<ms>,d=<hex>' THEN 'no_signature'
  WHEN "reason" = 'the signature''s timestamp is more than 5 minutes from our clock' THEN 'stale_timestamp'
  WHEN "reason" = 'the signature does not match' THEN 'bad_signature'
  WHEN "reason" = 'our copy of the secret cannot be read: rotate it' THEN 'unreadable_secret'
  WHEN "reason" = 'The request body is not valid JSON' THEN 'not_json'
  WHEN "event" LIKE 'tool:%' AND "reason" LIKE 'unknown tool %' THEN 'unknown_tool'
  WHEN "event" LIKE 'tool:%' AND "reason" = 'no active service' THEN 'no_services'
  WHEN "event" LIKE 'tool:%' AND "reason" LIKE 'no service %' THEN 'unknown_service'
  WHEN "event" LIKE 'tool:%' AND "reason" = 'no customerPhone and no caller number' THEN 'no_caller_number'
  WHEN "event" LIKE 'tool:%' AND ("reason" = 'no such booking' OR "reason" LIKE 'NOT\_FOUND: %') THEN 'no_booking'
  WHEN "event" LIKE 'tool:%' AND "reason" LIKE 'SLOT\_TAKEN: %' THEN 'slot_taken'
  WHEN "event" LIKE 'tool:%' AND "reason" LIKE 'BOOKING\_STATUS: %' THEN 'booking_unchangeable'
  WHEN "event" LIKE 'tool:%' AND "reason" = 'failed on our side' THEN 'tool_failed'
  WHEN "event" LIKE 'tool:%' AND "reason" ~ '^(arguments: |[A-Z_]+: )' THEN 'bad_arguments'
  ELSE 'unreadable_payload'
END
WHERE "result" = 'refused';--> statement-breakpoint
ALTER TABLE "assistant_deliveries" ADD CONSTRAINT "assistant_deliveries_reason_code" CHECK (("assistant_deliveries"."result" = 'refused') = ("assistant_deliveries"."reason_code" is not null));
