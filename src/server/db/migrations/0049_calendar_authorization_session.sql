-- An authorization now names the session that began it. Those under way at the upgrade name none: they are
-- dropped (each lives minutes; the popup says to try again), rather than left unbound to any session.
DELETE FROM "calendar_authorizations";--> statement-breakpoint
ALTER TABLE "calendar_authorizations" ADD COLUMN "session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_authorizations" ADD CONSTRAINT "calendar_authorizations_session_id_refresh_token_families_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."refresh_token_families"("id") ON DELETE cascade ON UPDATE no action;
