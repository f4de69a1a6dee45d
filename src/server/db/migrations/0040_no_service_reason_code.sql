-- Migration 0037 coded a tool call refused for a service that is not (or no longer) active as `no_booking`
-- (its rule for any NOT_FOUND); the tools code that refusal `unknown_service`. Its English reason is kept, so
-- those rows are found by it; a row already coded otherwise is left as it is.
UPDATE "assistant_deliveries" SET "reason_code" = 'unknown_service'
WHERE "result" = 'refused'
  AND "event" LIKE 'tool:%'
  AND "reason" = 'NOT_FOUND: No such active service'
  AND "reason_code" = 'no_booking';
