CREATE INDEX "booking_events_business_id_id_idx" ON "booking_events" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "calendar_authorizations_business_id_state_hash_idx" ON "calendar_authorizations" USING btree ("business_id","state_hash");--> statement-breakpoint
CREATE INDEX "refresh_token_families_business_id_id_idx" ON "refresh_token_families" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_business_id_id_idx" ON "refresh_tokens" USING btree ("business_id","id");