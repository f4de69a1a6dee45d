import type { AssistantPlatform, DeliveryResult } from "@shared/assistant-platforms.constants";
import type { CallReport } from "@shared/calls.schema";
import { sql } from "drizzle-orm";
import { LAST_USED_PRECISION_MS } from "../assistant/require-assistant-key";
import type { Clock } from "../clock";
import type { Database, Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { createStatementBatcher, eachFailingAlone } from "../db/statement-batcher";
import { outboxWritten } from "../outbox/outbox-signal";
import { recordingCopiesChanged } from "../recordings/recording-signal";
import { DELIVERIES_KEPT } from "./assistant-connections.repo";
import type { DeliveryRefusal } from "./delivery-refusal";
import { clip, storableText } from "./platform-report";
import type { ToolReply } from "./tool-call-answers.repo";

/** The longest reason kept: a refusal's English names the field or value, not the whole body. */
const REASON_CHARS = 300;

/*
 * The one writer of assistant_deliveries and of a connection's last_event_at. Every delivery is recorded by
 * one statement, assistant_deliveries_record (db/functions/assistant-deliveries.sql), which also writes an
 * accepted delivery's call through the calls writer (calls_report_batch): a delivery is never recorded as
 * accepted without its call, nor its call stored twice. Deliveries arriving together share the statement.
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

/** A delivery with its idempotency key read. */
export type KeyedDelivery = Delivery & { providerCallId: string; event: string };

/** A claimed tool call's answer (tool-call-answers.repo.ts): its key and the words the model was given. */
export type ToolCallAnswer = ToolReply & { toolCall: string };

/** What becomes of a delivery, as assistant_deliveries_record takes it. */
type DeliveryItem =
  | (Delivery & { refused: DeliveryRefusal; authenticated: boolean; answer?: ToolCallAnswer })
  | (Delivery & { ignored: true })
  | (KeyedDelivery & { duplicate: true })
  | (KeyedDelivery & { call?: { report: CallReport; startedAt: Date }; answer?: ToolCallAnswer });

type Recorded = { result: DeliveryResult | null; callId: string | null };

/** The items recorded by one statement; what became of each, in order. */
async function recordDeliveries(
  db: Executor,
  items: readonly DeliveryItem[],
  now: Date,
): Promise<Recorded[]> {
  // The call's id, the event and a reason can hold the platform's text as sent: made storable here. A report
  // is already (checkedReport), and a tool's answer is built from arguments that were (platform-tool-calls.ts):
  // not walked again, on the webhooks' hot path.
  const payload = JSON.stringify(
    items.map((item) => ({
      connection: item.connectionId,
      business: item.businessId,
      provider: item.provider,
      callId: item.providerCallId === null ? null : storableText(item.providerCallId),
      event: item.event === null ? null : storableText(item.event),
      receivedAt: item.receivedAt.toISOString(),
      reason: "refused" in item ? storableText(clip(item.refused.reason, REASON_CHARS)) : null,
      reasonCode: "refused" in item ? item.refused.code : null,
      record: !("ignored" in item),
      authenticated: "refused" in item ? item.authenticated : true,
      ...("call" in item &&
        item.call && { startedAt: item.call.startedAt.toISOString(), report: item.call.report }),
      ...("duplicate" in item && { duplicate: true }),
      ...("answer" in item &&
        item.answer && {
          answer: { toolCall: item.answer.toolCall, done: item.answer.done, text: item.answer.text },
        }),
    })),
  );
  const rows = await rawRows<{ item: number; result: DeliveryResult | null; callId: string | null }>(
    db,
    sql`select o_item as item, o_result as result, o_call::text as "callId"
      from assistant_deliveries_record(${payload}::jsonb, ${now.toISOString()}::timestamptz,
        make_interval(secs => ${LAST_USED_PRECISION_MS / 1000}), true, ${DELIVERIES_KEPT}::int)`,
  );
  const recorded: Recorded[] = new Array(items.length);
  for (const { item, result, callId } of rows) recorded[item - 1] = { result, callId };
  // The calls writer signalled nothing (it ran inside this statement): the workers look now that it is over.
  if (
    items.some(
      (item, index) =>
        "call" in item &&
        item.call &&
        "recordingUrl" in item.call.report &&
        recorded[index]!.result === "accepted",
    )
  )
    recordingCopiesChanged();
  outboxWritten(
    new Set(
      items.flatMap((item, index) =>
        "call" in item && item.call?.report.status === "missed" && recorded[index]!.result === "accepted"
          ? [item.businessId]
          : [],
      ),
    ),
  );
  return recorded;
}

export type DeliveryRecorder = {
  /**
   * A delivery turned away, and why (a signature that does not match, a body that cannot be read).
   * `authenticated`: it did come from the platform (its signature matched), so the connection counts as reached.
   */
  refused(delivery: Delivery, refusal: DeliveryRefusal, authenticated: boolean): Promise<void>;
  /** A delivery of an event we keep nothing of (a ringing call, a platform's other messages): the platform reached us. */
  ignored(delivery: Delivery): Promise<void>;
  /**
   * Stores a delivery's call report through the calls writer, once per (business, provider, call id, event):
   * a repeat is recorded as a duplicate and changes nothing. The report's start time is an instant
   * (platforms send offsets or epoch times), so the business's timezone plays no part.
   */
  report(
    delivery: KeyedDelivery,
    report: CallReport,
    startedAt: Date,
  ): Promise<{ result: "accepted" | "duplicate"; callId: string | null }>;
  /**
   * A tool call the platform made, kept as the connection's other deliveries are (`delivery.providerCallId`
   * holds the call and the tool call's key): the delivery that claimed it, done (`refusedBecause` null) or not
   * and why, its answer kept in its claim in the same statement for the retries; or a retry, `"duplicate"`.
   */
  toolCall(
    delivery: KeyedDelivery,
    answered: { answer: ToolCallAnswer; refusedBecause: DeliveryRefusal | null } | "duplicate",
  ): Promise<void>;
};

/**
 * Records the connections' deliveries: those arriving together — within one turn of the event loop, or
 * while the previous batch runs — by one statement, as the assistant API's reports are (calls/call-ingest.ts).
 */
export function createDeliveryRecorder({ db, clock }: { db: Database; clock: Clock }): DeliveryRecorder {
  // A delivery the database refuses fails alone, not the others that happened to share its statement.
  const record = createStatementBatcher<DeliveryItem, Recorded>((items) =>
    eachFailingAlone(items, (some) => recordDeliveries(db, some, clock())),
  );
  return {
    refused: async (delivery, refusal, authenticated) => {
      await record({ ...delivery, refused: refusal, authenticated });
    },
    ignored: async (delivery) => {
      await record({ ...delivery, ignored: true });
    },
    report: async (delivery, report, startedAt) => {
      const { result, callId } = await record({ ...delivery, call: { report, startedAt } });
      return { result: result === "accepted" ? "accepted" : "duplicate", callId };
    },
    toolCall: async (delivery, answered) => {
      if (answered === "duplicate") {
        await record({ ...delivery, duplicate: true });
        return;
      }
      const { answer, refusedBecause } = answered;
      await record(
        refusedBecause === null
          ? { ...delivery, answer }
          : { ...delivery, refused: refusedBecause, authenticated: true, answer },
      );
    },
  };
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
