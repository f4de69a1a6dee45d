import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn } from "./businesses.schema";

/**
 * Keys the voice assistant authenticates with (X-Api-Key). Only the SHA-256 of a key is stored, plus its
 * last four characters so staff can tell keys apart; revoking keeps the row (revoked_at) for the record.
 */
export const assistantKeys = pgTable(
  "assistant_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: businessIdColumn(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique("assistant_keys_key_hash_unique"),
    last4: text("last4").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("assistant_keys_business_id_created_at_idx").on(t.businessId, t.createdAt)],
);

export type AssistantKeyRow = typeof assistantKeys.$inferSelect;
