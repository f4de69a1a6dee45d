CREATE TABLE "tool_call_answers" (
	"business_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"tool_call" text NOT NULL,
	"tool" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"done" boolean,
	"answer" text,
	CONSTRAINT "tool_call_answers_business_id_tool_call_pk" PRIMARY KEY("business_id","tool_call"),
	CONSTRAINT "tool_call_answers_answered" CHECK (("tool_call_answers"."done" is null) = ("tool_call_answers"."answer" is null))
);
--> statement-breakpoint
ALTER TABLE "tool_call_answers" ADD CONSTRAINT "tool_call_answers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_call_answers" ADD CONSTRAINT "tool_call_answers_connection_id_assistant_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."assistant_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_call_answers_connection_id_idx" ON "tool_call_answers" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "tool_call_answers_received_at_idx" ON "tool_call_answers" USING btree ("received_at");