import type { ApiErrorCode } from "@shared/error-codes";
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings.schema";
import { businesses, businessIdColumn } from "./businesses.schema";
import { refreshTokenFamilies } from "./refresh-tokens.schema";
import { users } from "./users.schema";
import { xid8 } from "./xid8.column";

/**
 * The Google Calendar a business's bookings go to (one per business), our access to it, and where its sync
 * stands.
 *
 * Tokens are stored encrypted (AES-256-GCM, see calendar/token-cipher.ts) and never leave the server.
 * Delivery is the Telegram pattern (telegram.schema.ts): a cursor into the business's outbox in (xid, id)
 * order, a lease in `nextAttemptAt` while an instance sends, backoff on failure. `brokenAt` is set when
 * Google refuses our access for good (invalid_grant, revoked, calendar deleted): the rows wait for a
 * reconnect instead of being lost. `syncToken` and the watch channel follow changes made in Google.
 */
export const calendarConnections = pgTable("calendar_connections", {
  businessId: uuid("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  /** The Google account's e-mail, shown on the Settings card (spec 2). */
  email: text("email").notNull(),
  /** The calendar events go to ('primary': the account's own). */
  calendarId: text("calendar_id").notNull().default("primary"),
  /** The scopes Google granted, space-separated. */
  scopes: text("scopes").notNull(),
  refreshToken: text("refresh_token").notNull(),
  accessToken: text("access_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
  deliveredThroughId: bigint("delivered_through_id", { mode: "number" }).notNull().default(0),
  deliveredThroughXid: xid8("delivered_through_xid").notNull().default("0"),
  /**
   * The snapshot (pg_snapshot as text) of the connect that queued the bookings to show: rows of transactions it
   * saw committed are reflected in that backfill and not sent again (null: a connection from before).
   */
  connectedSnapshot: text("connected_snapshot"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().default(sql`'epoch'`),
  lastError: text("last_error"),
  brokenAt: timestamp("broken_at", { withTimezone: true }),
  brokenReason: text("broken_reason"),
  /** The last time a sync with Google succeeded (the card shows it beside "Resync now"). */
  lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
  /** Google's incremental sync token for the calendar's events (null: the next check is a full sync). */
  syncToken: text("sync_token"),
  /** The push channel Google notifies of changes (with PUBLIC_URL set), and when it must be renewed. */
  watchChannelId: text("watch_channel_id"),
  watchResourceId: text("watch_resource_id"),
  watchToken: text("watch_token"),
  watchExpiresAt: timestamp("watch_expires_at", { withTimezone: true }),
});

export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;

/**
 * An authorization under way: the popup's `state` (stored as its SHA-256, so reading the table grants
 * nothing) with the PKCE verifier, for whichever instance the callback reaches; used once, kept minutes.
 */
export const calendarAuthorizations = pgTable(
  "calendar_authorizations",
  {
    stateHash: text("state_hash").primaryKey(),
    businessId: businessIdColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The session (refresh token family) that began it: signed out since, here or everywhere, the callback
     * refuses it, so whoever keeps the browser after a sign-out cannot finish a connect left open in it.
     */
    sessionId: uuid("session_id")
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: "cascade" }),
    codeVerifier: text("code_verifier").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("calendar_authorizations_expires_at_idx").on(t.expiresAt),
    // A business's authorizations in key order: its export's pages and its deletion (privacy/tenant-tables.ts).
    index("calendar_authorizations_business_id_state_hash_idx").on(t.businessId, t.stateHash),
  ],
);

/**
 * The one Google event of each booking. The event also carries the booking's id in a private extended
 * property, which is how a sender that crashed between creating it and writing this row finds it again
 * (never by matching times). `bookingVersion` is the booking's version the event shows.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    businessId: businessIdColumn(),
    eventId: text("event_id").notNull(),
    /**
     * The Google account (its e-mail, lower case) whose calendar holds the event: the row outlives a
     * disconnect, and only that account connected again takes it up (null: not known, never taken up).
     */
    account: text("account"),
    bookingVersion: integer("booking_version").notNull(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull(),
    /** Someone deleted the event in Google: the booking waits on staff's review, never cancelled silently. */
    deletedInGoogleAt: timestamp("deleted_in_google_at", { withTimezone: true }),
    /**
     * A move made in Google that was not taken, shown on the booking until resolved: the refusal's code (the
     * rule it breaks, as the API names it; the portal words it in the user's language) and the time it was
     * moved to. Both null: nothing stands refused.
     */
    moveRefusalCode: text("move_refusal_code").$type<ApiErrorCode>(),
    moveRefusedTo: timestamp("move_refused_to", { withTimezone: true }),
  },
  (t) => [uniqueIndex("calendar_events_business_event_idx").on(t.businessId, t.eventId)],
);

/**
 * The connected calendar's busy times that are not our own events (free/busy, refreshed by sync): a source
 * of busy intervals for the slot engine, like blackout dates.
 */
export const calendarBusy = pgTable(
  "calendar_busy",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: businessIdColumn(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("calendar_busy_business_starts_idx").on(t.businessId, t.startsAt)],
);
