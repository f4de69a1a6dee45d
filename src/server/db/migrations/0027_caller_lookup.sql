CREATE INDEX "bookings_business_id_customer_digits_idx" ON "bookings" USING btree ("business_id",regexp_replace("customer_phone", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "bookings_business_id_customer_name_idx" ON "bookings" USING btree ("business_id",lower("customer_name"));--> statement-breakpoint
CREATE INDEX "calls_business_id_caller_digits_idx" ON "calls" USING btree ("business_id",regexp_replace("caller_number", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "calls_business_id_caller_name_idx" ON "calls" USING btree ("business_id",lower("caller_name"));