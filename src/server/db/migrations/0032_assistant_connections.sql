CREATE TABLE "assistant_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"secret_rotated_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	CONSTRAINT "assistant_connections_provider" CHECK ("assistant_connections"."provider" in ('vapi', 'retell'))
);
--> statement-breakpoint
CREATE TABLE "assistant_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assistant_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_call_id" text,
	"event" text,
	"received_at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	CONSTRAINT "assistant_deliveries_result" CHECK ("assistant_deliveries"."result" in ('accepted', 'duplicate', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "assistant_connections" ADD CONSTRAINT "assistant_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_deliveries" ADD CONSTRAINT "assistant_deliveries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_deliveries" ADD CONSTRAINT "assistant_deliveries_connection_id_assistant_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."assistant_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_connections_business_id_created_at_idx" ON "assistant_connections" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_deliveries_once" ON "assistant_deliveries" USING btree ("business_id","provider","provider_call_id","event") WHERE "assistant_deliveries"."result" = 'accepted';--> statement-breakpoint
CREATE INDEX "assistant_deliveries_connection_id_id_idx" ON "assistant_deliveries" USING btree ("connection_id","id");--> statement-breakpoint
CREATE INDEX "assistant_deliveries_business_id_id_idx" ON "assistant_deliveries" USING btree ("business_id","id");