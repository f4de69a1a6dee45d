-- Outbox rows in commit-safe order: each row records its writing transaction (xid8, never wraps around), and
-- delivery reads only rows of transactions below its snapshot's xmin (every one of them has finished), in
-- (xid, id) order. Rows written before this migration get xid 0 (no rewrite of the table) and so come first,
-- in id order, as before; a connection's cursor is (delivered_through_xid, delivered_through_id), and an
-- existing cursor's xid 0 keeps its meaning: the rows of xid 0 up to its id are sent, everything else is not.
ALTER TABLE "outbox" ADD COLUMN "xid" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "telegram_connections" ADD COLUMN "delivered_through_xid" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_business_id_xid_id_idx" ON "outbox" USING btree ("business_id","xid","id");--> statement-breakpoint
DROP INDEX "outbox_business_id_id_idx";
