import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn } from "./businesses.schema";
import { users } from "./users.schema";

/**
 * The browsers each user has signed in on: the SHA-256 of the random id in the long-lived device cookie
 * (auth/known-devices.ts). A sign-in whose cookie is not here for that user is from a new device.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    businessId: businessIdColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    /** The last sign-in on it: its cookie expires a fixed time after (auth/known-devices.repo.ts purges). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index("known_devices_business_id_idx").on(t.businessId),
    index("known_devices_last_seen_at_idx").on(t.lastSeenAt),
  ],
);
