import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn } from "./businesses.schema";
import { users } from "./users.schema";

/** One sign-in: every token rotated from it belongs to the family, and revoking the family ends the session. */
export const refreshTokenFamilies = pgTable(
  "refresh_token_families",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: businessIdColumn(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute lifetime: rotation never extends a session past it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    index("refresh_token_families_user_id_idx").on(t.userId),
    // A business's sessions in id order: its export's pages and its deletion (privacy/tenant-tables.ts).
    index("refresh_token_families_business_id_id_idx").on(t.businessId, t.id),
  ],
);

/** Only the SHA-256 of a token is stored: a database leak yields no usable cookie. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: "cascade" }),
    businessId: businessIdColumn(),
    parentId: uuid("parent_id").references((): AnyPgColumn => refreshTokens.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("refresh_tokens_token_hash_unique"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Idle lifetime: a token not rotated in time dies even inside the family's lifetime. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("refresh_tokens_family_id_idx").on(t.familyId),
    index("refresh_tokens_parent_id_idx").on(t.parentId),
    // A business's tokens in id order: its export's pages and its deletion (privacy/tenant-tables.ts).
    index("refresh_tokens_business_id_id_idx").on(t.businessId, t.id),
  ],
);

export type RefreshTokenFamilyRow = typeof refreshTokenFamilies.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
