import type { AssistantPlatform, DeliveryResult } from "@shared/assistant-platforms.constants";
import type { CallReport } from "@shared/calls.schema";
import { sql } from "drizzle-orm";
import { LAST_USED_PRECISION_MS } from "../assistant/require-assistant-key";
import { reportCalls } from "../calls/calls-write.repo";
import type { Database, Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { outboxWritten } from "../outbox/outbox-signal";
import { recordingCopiesChanged } from "../recordings/recording-signal";
import { DELIVERIES_KEPT } from "./assistant-connections.repo";
import type { DeliveryRefusal } from "./delivery-refusal";
import { clip } from "./platform-report";

/** The longest reason kept: a refusal's English names the field or value, not the whole body. */
const REASON_CHARS = 300;

/*
 * The one writer of assistant_deliveries and of a connection's last_event_at. A delivery's call goes through
 * the calls writer (calls-write.repo.ts) in the same transaction as its delivery row, so a delivery is never
 * recorded as accepted without its call, nor its call stored twice.
 */

/** One delivery of a connection, as far as it could be read. */
export type Delivery = {
  connectionId: string;
  businessId: string;
  provider: AssistantPlatform;
  /** The platform's own call id; null when the body could not be read. */
  providerCallId: string | null;
  /** The event, as idempotency keys it (Vapi's status updates carry their status); null when unread. */
  event: string | null;
  receivedAt: Date;
};

const insertDelivery = (
  db: Executor,
  d: Delivery,
  result: DeliveryResult,
  refusal: DeliveryRefusal | null,
  onConflict = sql``,
) =>
  rawRows<{ inserted: boolean }>(
    db,
    sql`insert into assistant_deliveries
        (business_id, connection_id, provider, provider_call_id, event, received_at, result, reason, reason_code)
      values (${d.businessId}::uuid, ${d.connectionId}::uuid, ${d.provider}, ${d.providerCallId}, ${d.event},
        ${d.receivedAt.toISOString()}::timestamptz, ${result}, ${refusal ? clip(refusal.reason, REASON_CHARS) : null}, ${refusal?.code ?? null})
      ${onConflict}
      returning true as inserted`,
  );

/** The platform reached us: the card's "last event" (never moved back by a delivery that took longer). */
const touch = (db: Executor, d: Delivery) =>
  db.execute(
    sql`update assistant_connections
      set last_event_at = greatest(last_event_at, ${d.receivedAt.toISOString()}::timestamptz)
      where id = ${d.connectionId}::uuid`,
  );

/**
 * Keeps the connection's newest DELIVERIES_KEPT deliveries that stored nothing (duplicates, refusals), and says
 * when it was last reached. Accepted deliveries stay until purgeAcceptedDeliveries: each is the key that
 * makes a platform's later retry of its event a duplicate, however many deliveries came in between.
 */
async function afterDelivery(db: Executor, d: Delivery, authenticated: boolean): Promise<void> {
  await db.execute(
    sql`delete from assistant_deliveries
      where connection_id = ${d.connectionId}::uuid and result <> 'accepted' and id <= (
        select id from assistant_deliveries
        where connection_id = ${d.connectionId}::uuid and result <> 'accepted'
        order by id desc offset ${DELIVERIES_KEPT} limit 1)`,
  );
  if (authenticated) await touch(db, d);
}

/**
 * Deletes up to `limit` accepted deliveries received before `before` (of every business: a shared job's
 * sweep); how many. Past ACCEPTED_DELIVERY_KEPT_MS no platform retries an event any more.
 */
export async function purgeAcceptedDeliveries(db: Executor, before: Date, limit: number): Promise<number> {
  const [row] = await rawRows<{ deleted: number }>(
    db,
    sql`with gone as (
        delete from assistant_deliveries where id in (
          select id from assistant_deliveries
          where result = 'accepted' and received_at < ${before.toISOString()}::timestamptz
          limit ${limit})
        returning 1)
      select count(*)::int as deleted from gone`,
  );
  return row!.deleted;
}

/**
 * A delivery turned away, and why (a signature that does not match, a body that cannot be read). `authenticated`:
 * it did come from the platform (its signature matched), so the connection counts as reached.
 */
export async function recordRefusedDelivery(
  db: Database,
  delivery: Delivery,
  refusal: DeliveryRefusal,
  authenticated: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertDelivery(tx, delivery, "refused", refusal);
    await afterDelivery(tx, delivery, authenticated);
  });
}

/** A delivery of an event we keep nothing of (a ringing call, a platform's other messages): the platform reached us. */
export async function recordIgnoredDelivery(db: Database, delivery: Delivery): Promise<void> {
  await touch(db, delivery);
}

/**
 * Stores a delivery's call report through the calls writer, once per (business, provider, call id, event): a
 * repeat is recorded as a duplicate and changes nothing. The report's start time is an instant (platforms
 * send offsets or epoch times), so the business's timezone plays no part.
 */
export async function storeDelivery(
  db: Database,
  delivery: Delivery & { providerCallId: string; event: string },
  report: CallReport,
  startedAt: Date,
): Promise<{ result: "accepted" | "duplicate"; callId: string | null }> {
  const now = delivery.receivedAt;
  const stored = await db.transaction(async (tx) => {
    const [first] = await insertDelivery(
      tx,
      delivery,
      "accepted",
      null,
      sql`on conflict (business_id, provider, provider_call_id, event) where result = 'accepted' do nothing`,
    );
    let callId: string | null = null;
    if (first) {
      const item = { connectionId: delivery.connectionId, businessId: delivery.businessId, timezone: null };
      const [answer] = await reportCalls(tx, [{ ...item, report, startedAt }], now, LAST_USED_PRECISION_MS, {
        notifyMissed: true,
      });
      // The connection row is locked by this transaction's delivery row (its foreign key): it cannot be gone.
      if (!answer || "refused" in answer)
        throw new Error(`The calls writer refused a delivery of ${delivery.connectionId}`);
      callId = answer.id;
    } else await insertDelivery(tx, delivery, "duplicate", null);
    await afterDelivery(tx, delivery, true);
    return { result: first ? ("accepted" as const) : ("duplicate" as const), callId };
  });
  // The writer signalled before this transaction committed; the worker looks again now that it has.
  if (stored.result === "accepted" && report.status === "missed") outboxWritten([delivery.businessId]);
  if (stored.result === "accepted" && "recordingUrl" in report) recordingCopiesChanged();
  return stored;
}

/**
 * A tool call the platform made, answered `done` or not (and why not), kept as the connection's deliveries
 * are (the newest 100). `delivery.providerCallId` holds the call and the tool call's own key: the same tool
 * call sent again (a retry) is recorded as a duplicate of the first, answered alike.
 */
export async function recordToolCall(
  db: Database,
  delivery: Delivery & { providerCallId: string; event: string },
  refusedBecause: DeliveryRefusal | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [first] =
      refusedBecause === null
        ? await insertDelivery(
            tx,
            delivery,
            "accepted",
            null,
            sql`on conflict (business_id, provider, provider_call_id, event) where result = 'accepted' do nothing`,
          )
        : await insertDelivery(tx, delivery, "refused", refusedBecause);
    if (!first) await insertDelivery(tx, delivery, "duplicate", null);
    await afterDelivery(tx, delivery, true);
  });
}
