CREATE INDEX "bookings_service_id_idx" ON "bookings" USING btree ("service_id") WHERE "bookings"."service_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_booking_id_idx" ON "outbox" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "outbox_booking_event_id_idx" ON "outbox" USING btree ("booking_event_id");