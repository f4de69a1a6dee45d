import { type SQL, sql } from "drizzle-orm";

/**
 * Where a newly connected channel's cursor starts: the business's newest outbox row in (xid, id) order (0
 * when it has none), as SQL for the connecting statement itself, so a row written meanwhile is not skipped
 * by a position read earlier. The channel then hears of what happens from now on.
 */
export function newestOutboxRow(businessId: string): { id: SQL; xid: SQL } {
  const newest = (column: "id" | "xid", none: string) =>
    sql`coalesce((select ${sql.raw(column)} from outbox where business_id = ${businessId}::uuid
      order by xid desc, id desc limit 1), ${sql.raw(none)})`;
  return { id: newest("id", "0"), xid: newest("xid", "'0'::xid8") };
}
