DROP INDEX "bookings_business_id_customer_digits_idx";--> statement-breakpoint
DROP INDEX "calls_business_id_caller_digits_idx";--> statement-breakpoint
CREATE INDEX "bookings_business_id_customer_digits_idx" ON "bookings" USING btree ("business_id",regexp_replace(regexp_replace("customer_phone", '[^0-9]', '', 'g'), '^00', ''));--> statement-breakpoint
CREATE INDEX "calls_business_id_caller_digits_idx" ON "calls" USING btree ("business_id",regexp_replace(regexp_replace("caller_number", '[^0-9]', '', 'g'), '^00', ''));