import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";

/** A platform delivery as a migration's test stores it: what the old schema or the old server wrote. */
export type StoredDelivery = { event: string; result: string; reason: string | null; code: string | null };

/**
 * Two businesses, each with a Vapi connection holding `deliveries` in order (a data migration must change
 * every business's rows alike); resolves to the businesses' ids, and what a column of their deliveries reads.
 */
export async function storeDeliveriesInTwoBusinesses(db: Database, deliveries: readonly StoredDelivery[]) {
  const businessIds: string[] = [];
  for (const name of ["Practice", "Other practice"]) {
    const [business] = await rawRows<{ id: string }>(
      db,
      sql`insert into businesses (name) values (${name}) returning id`,
    );
    const [connection] = await rawRows<{ id: string }>(
      db,
      sql`insert into assistant_connections (id, business_id, provider, secret, created_at)
        values (gen_random_uuid(), ${business!.id}::uuid, 'vapi', 'sealed', now()) returning id::text`,
    );
    businessIds.push(business!.id);
    for (const [index, { event, result, reason, code }] of deliveries.entries())
      await rawRows(
        db,
        sql`insert into assistant_deliveries (business_id, connection_id, provider, provider_call_id, event,
            received_at, result, reason, reason_code)
          values (${business!.id}::uuid, ${connection!.id}::uuid, 'vapi', ${`call-${index}`}, ${event}, now(),
            ${result}, ${reason}, ${code})`,
      );
  }
  /** One column of a business's deliveries, in the order they were stored. */
  const columnOf = async (businessId: string, column: "reason" | "reason_code") =>
    (
      await rawRows<{ value: string | null }>(
        db,
        sql`select ${sql.identifier(column)} as value from assistant_deliveries
          where business_id = ${businessId}::uuid order by id`,
      )
    ).map((row) => row.value);
  return { businessIds, columnOf };
}
