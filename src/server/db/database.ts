import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as assistantConnections from "./schema/assistant-connections.schema";
import * as assistantKeys from "./schema/assistant-keys.schema";
import * as audit from "./schema/audit.schema";
import * as authThrottle from "./schema/auth-throttle.schema";
import * as availability from "./schema/availability.schema";
import * as bookingCounts from "./schema/booking-counts.schema";
import * as bookings from "./schema/bookings.schema";
import * as businesses from "./schema/businesses.schema";
import * as calendar from "./schema/calendar.schema";
import * as callCounts from "./schema/call-counts.schema";
import * as calls from "./schema/calls.schema";
import * as instanceSettings from "./schema/instance-settings.schema";
import * as knownDevices from "./schema/known-devices.schema";
import * as purgedCallCounts from "./schema/purged-call-counts.schema";
import * as recordings from "./schema/recordings.schema";
import * as refreshTokens from "./schema/refresh-tokens.schema";
import * as scheduledJobs from "./schema/scheduled-jobs.schema";
import * as services from "./schema/services.schema";
import * as telegram from "./schema/telegram.schema";
import * as users from "./schema/users.schema";

export const schema = {
  ...businesses,
  ...users,
  ...refreshTokens,
  ...authThrottle,
  ...assistantKeys,
  ...assistantConnections,
  ...services,
  ...availability,
  ...calls,
  ...callCounts,
  ...purgedCallCounts,
  ...recordings,
  ...bookings,
  ...bookingCounts,
  ...scheduledJobs,
  ...telegram,
  ...calendar,
  ...knownDevices,
  ...audit,
  ...instanceSettings,
};

/**
 * What both drivers' own clients (a PGlite instance, a pg Pool) answer alike: one statement with numbered
 * parameters. Hot paths use it directly (see rawRows).
 */
export type SqlClient = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/** Both drivers (PGlite and node-postgres) produce this type; the app never knows which one it has. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema> & { $client: SqlClient };

/** What a transaction callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Repositories accept either. */
export type Executor = Database | Transaction;
