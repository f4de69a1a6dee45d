CREATE TABLE "telegram_buttons" (
	"token" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"booking_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_link_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"chat_id" bigint
);
--> statement-breakpoint
CREATE TABLE "telegram_poller" (
	"bot_id" bigint PRIMARY KEY NOT NULL,
	"next_offset" bigint DEFAULT 0 NOT NULL,
	"lease_holder" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "telegram_buttons" ADD CONSTRAINT "telegram_buttons_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_buttons" ADD CONSTRAINT "telegram_buttons_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_buttons_booking_version_idx" ON "telegram_buttons" USING btree ("booking_id","booking_version");--> statement-breakpoint
CREATE INDEX "telegram_buttons_business_id_idx" ON "telegram_buttons" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "telegram_link_codes_business_id_idx" ON "telegram_link_codes" USING btree ("business_id");