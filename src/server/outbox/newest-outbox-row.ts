import { type SQL, sql } from "drizzle-orm";
import { horizon } from "./outbox-cursor.repo";

/**
 * Where a newly connected channel's cursor starts: the business's newest outbox row in (xid, id) order (0
 * when it has none), as SQL for the connecting statement itself, so a row written meanwhile is not skipped
 * by a position read earlier. The channel then hears of what happens from now on.
 *
 * `finishedOnly`: the newest among the rows of transactions that had all finished (below the horizon) when
 * the statement began, for a channel that is sent, besides, everything as it stands (the calendar's
 * backfill): every row of a transaction it could not see then, its own included, comes after the cursor.
 * The newest row alone is not enough on PostgreSQL: a transaction with an older id (the connect's own,
 * taken when it locked the old connection, or a booking made meanwhile) may commit after a newer one, and
 * its rows would fall behind the cursor, never sent.
 */
export function newestOutboxRow(
  businessId: string,
  options: { finishedOnly?: boolean } = {},
): { id: SQL; xid: SQL } {
  const finished = options.finishedOnly ? sql`and xid < ${horizon}` : sql``;
  const newest = (column: "id" | "xid", none: string) =>
    sql`coalesce((select ${sql.raw(column)} from outbox where business_id = ${businessId}::uuid ${finished}
      order by xid desc, id desc limit 1), ${sql.raw(none)})`;
  return { id: newest("id", "0"), xid: newest("xid", "'0'::xid8") };
}
