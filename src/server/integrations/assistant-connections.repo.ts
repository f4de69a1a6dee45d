import type { AssistantDelivery } from "@shared/assistant-connections.schema";
import type { AssistantPlatform } from "@shared/assistant-platforms.constants";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import { type AssistantConnectionRow, assistantConnections } from "../db/schema/assistant-connections.schema";

/** How many deliveries of each connection that stored nothing are kept, newest first (see deliveries.repo.ts). */
export const DELIVERIES_KEPT = 100;
/** How many of them the list shows. */
const DELIVERIES_LISTED = 5;

export type ConnectionWithDeliveries = AssistantConnectionRow & { recentDeliveries: AssistantDelivery[] };

export async function insertAssistantConnection(
  db: Executor,
  values: { id: string; businessId: string; provider: AssistantPlatform; secret: string; createdAt: Date },
): Promise<AssistantConnectionRow> {
  const [row] = await db.insert(assistantConnections).values(values).returning();
  return row!;
}

/** The business's connections (or the one of id `only`), newest first, each with its latest deliveries. */
export async function listAssistantConnections(
  db: Executor,
  businessId: string,
  only?: string,
): Promise<ConnectionWithDeliveries[]> {
  const rows = await db
    .select()
    .from(assistantConnections)
    .where(
      and(
        eq(assistantConnections.businessId, businessId),
        only === undefined ? undefined : eq(assistantConnections.id, only),
      ),
    )
    .orderBy(desc(assistantConnections.createdAt), desc(assistantConnections.id));
  if (rows.length === 0) return [];
  const deliveries = await rawRows<AssistantDelivery & { connectionId: string }>(
    db,
    sql`select c.id::text as "connectionId", d.event, d.result, d.reason, d.reason_code as "reasonCode", ${isoUtc(sql`d.received_at`)} as "receivedAt"
      from assistant_connections c
      cross join lateral (
        select * from assistant_deliveries d
        where d.connection_id = c.id order by d.id desc limit ${DELIVERIES_LISTED}
      ) d
      where c.business_id = ${businessId}::uuid ${only === undefined ? sql`` : sql`and c.id = ${only}::uuid`}
      order by c.id, d.id desc`,
  );
  return rows.map((row) => ({
    ...row,
    recentDeliveries: deliveries
      .filter((d) => d.connectionId === row.id)
      .map(({ connectionId: _, ...delivery }) => delivery),
  }));
}

/** The connection with its new secret; null when the business has no such connection. */
export async function replaceAssistantSecret(
  db: Executor,
  businessId: string,
  id: string,
  secret: string,
  now: Date,
): Promise<AssistantConnectionRow | null> {
  const [row] = await db
    .update(assistantConnections)
    .set({ secret, secretRotatedAt: now })
    .where(and(eq(assistantConnections.businessId, businessId), eq(assistantConnections.id, id)))
    .returning();
  return row ?? null;
}

/** The business's connection (null when it has none such), for the route to check its provider first. */
export async function findAssistantConnection(
  db: Executor,
  businessId: string,
  id: string,
): Promise<AssistantConnectionRow | null> {
  const [row] = await db
    .select()
    .from(assistantConnections)
    .where(and(eq(assistantConnections.businessId, businessId), eq(assistantConnections.id, id)));
  return row ?? null;
}

/** The deleted connection's provider (its deliveries go with it); null when the business has no such one. */
export async function deleteAssistantConnection(
  db: Executor,
  businessId: string,
  id: string,
): Promise<{ provider: AssistantPlatform } | null> {
  const [row] = await db
    .delete(assistantConnections)
    .where(and(eq(assistantConnections.businessId, businessId), eq(assistantConnections.id, id)))
    .returning({ provider: assistantConnections.provider });
  return row ?? null;
}

/** A webhook's connection, with what its tool calls answer in: the business's timezone and language. */
export type WebhookConnection = {
  businessId: string;
  provider: AssistantPlatform;
  secret: string;
  timezone: string;
  language: string;
};

/**
 * Webhooks' connections by their ids alone (an id is the credential that names the tenant, the secret then
 * proves the sender, as an assistant key's hash does), in one statement; an id with none is left out.
 */
export async function findConnectionsForWebhook(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, WebhookConnection>> {
  const rows = await rawRows<WebhookConnection & { id: string }>(
    db,
    sql`select c.id::text as id, c.business_id::text as "businessId", c.provider, c.secret, b.timezone, b.language
      from assistant_connections c join businesses b on b.id = c.business_id
      where c.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
  return new Map(rows.map(({ id, ...connection }) => [id, connection]));
}
