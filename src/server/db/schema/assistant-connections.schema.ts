import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type {
  AssistantPlatform,
  DeliveryReasonCode,
  DeliveryResult,
} from "../../../shared/assistant-platforms.constants";
import { businessIdColumn } from "./businesses.schema";

/**
 * A voice platform (Vapi, Retell) connected to a business: its id is the unguessable last segment of the
 * webhook URL the owner pastes into the platform, and `secret` (encrypted with the calendar token key, see
 * calendar/token-cipher.ts) is what the platform's deliveries are checked against — for Vapi one we
 * generate, for Retell the owner's Retell API key that signs its webhooks.
 */
export const assistantConnections = pgTable(
  "assistant_connections",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    provider: text("provider").$type<AssistantPlatform>().notNull(),
    secret: text("secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    secretRotatedAt: timestamp("secret_rotated_at", { withTimezone: true }),
    /** When the platform last reached us with a delivery that passed its signature (the card's "last event"). */
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
  },
  (t) => [
    check("assistant_connections_provider", sql`${t.provider} in ('vapi', 'retell')`),
    index("assistant_connections_business_id_created_at_idx").on(t.businessId, t.createdAt),
  ],
);

export type AssistantConnectionRow = typeof assistantConnections.$inferSelect;

/**
 * The recent deliveries of each connection and what became of them (the card's "last few deliveries"), and
 * the memory that makes a repeated delivery idempotent: one accepted row per (business, provider, the
 * platform's call id, event). Accepted rows are kept a week, the others only the newest of each connection (see
 * deliveries.repo.ts).
 */
export const assistantDeliveries = pgTable(
  "assistant_deliveries",
  {
    // In the order of arrival: the trim keeps the highest.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: businessIdColumn(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => assistantConnections.id, { onDelete: "cascade" }),
    provider: text("provider").$type<AssistantPlatform>().notNull(),
    /** Null when the delivery was refused before its body could be read. */
    providerCallId: text("provider_call_id"),
    event: text("event"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    result: text("result").$type<DeliveryResult>().notNull(),
    /** Why it was refused (English, for the logs and as the card's detail; never the body). */
    reason: text("reason"),
    /** Why it was refused, as a stable code the card words (DELIVERY_REASON_CODES); set exactly when refused. */
    reasonCode: text("reason_code").$type<DeliveryReasonCode>(),
  },
  (t) => [
    check("assistant_deliveries_result", sql`${t.result} in ('accepted', 'duplicate', 'refused')`),
    check("assistant_deliveries_reason_code", sql`(${t.result} = 'refused') = (${t.reasonCode} is not null)`),
    uniqueIndex("assistant_deliveries_once")
      .on(t.businessId, t.provider, t.providerCallId, t.event)
      .where(sql`${t.result} = 'accepted'`),
    index("assistant_deliveries_connection_id_id_idx").on(t.connectionId, t.id),
    // The trim to a connection's newest rows that stored nothing: without it, it read past every accepted
    // row the connection keeps for a week (assistant_deliveries_record).
    index("assistant_deliveries_stored_nothing_idx")
      .on(t.connectionId, t.id)
      .where(sql`${t.result} <> 'accepted'`),
    // The hourly purge of accepted deliveries past their week (integrations/deliveries-purge.ts).
    index("assistant_deliveries_accepted_received_at_idx")
      .on(t.receivedAt)
      .where(sql`${t.result} = 'accepted'`),
    // The business's rows for its export and deletion (tenant-tables.ts).
    index("assistant_deliveries_business_id_id_idx").on(t.businessId, t.id),
  ],
);

export type AssistantDeliveryRow = typeof assistantDeliveries.$inferSelect;

/**
 * What each of the platforms' tool calls was answered (integrations/tool-call-answers.repo.ts). Its first
 * delivery claims the row before the tool runs (`done` and `answer` null until it has), so a retry of the same
 * tool call — even one arriving while it runs, on any instance — never runs it again and is answered the same
 * words. `tool_call` is the call's key (toolCallKey: a hash of the connection, the platform's call id and the
 * tool call's own id). Kept as long as the accepted deliveries, a week (deliveries-purge.ts); the words may name
 * the caller, so a caller's erasure deletes those that do.
 */
export const toolCallAnswers = pgTable(
  "tool_call_answers",
  {
    businessId: businessIdColumn(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => assistantConnections.id, { onDelete: "cascade" }),
    toolCall: text("tool_call").notNull(),
    tool: text("tool").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /** Whether the tool did what it was asked (the model got a result), or refused (an error); null while it runs. */
    done: boolean("done"),
    /** The words the model was given, in the business's language; null while the tool runs. */
    answer: text("answer"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.toolCall] }),
    check("tool_call_answers_answered", sql`(${t.done} is null) = (${t.answer} is null)`),
    // A removed connection takes its answers along (its foreign key's cascade).
    index("tool_call_answers_connection_id_idx").on(t.connectionId),
    // The hourly purge of the answers past their week.
    index("tool_call_answers_received_at_idx").on(t.receivedAt),
  ],
);
