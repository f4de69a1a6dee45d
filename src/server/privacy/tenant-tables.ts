import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import {
  assistantConnections,
  assistantDeliveries,
  toolCallAnswers,
} from "../db/schema/assistant-connections.schema";
import { assistantKeys } from "../db/schema/assistant-keys.schema";
import { auditLog } from "../db/schema/audit.schema";
import { authThrottle } from "../db/schema/auth-throttle.schema";
import { blackoutDates, weeklyHours } from "../db/schema/availability.schema";
import { bookingCounts } from "../db/schema/booking-counts.schema";
import { bookingEvents, bookings, outbox } from "../db/schema/bookings.schema";
import { businesses } from "../db/schema/businesses.schema";
import {
  calendarAuthorizations,
  calendarBusy,
  calendarConnections,
  calendarEvents,
} from "../db/schema/calendar.schema";
import { callCounts } from "../db/schema/call-counts.schema";
import { calls } from "../db/schema/calls.schema";
import { instanceSettings } from "../db/schema/instance-settings.schema";
import { knownDevices } from "../db/schema/known-devices.schema";
import { purgedCallCounts, purgedCalls } from "../db/schema/purged-call-counts.schema";
import { recordingCopies, recordingErasures } from "../db/schema/recordings.schema";
import { refreshTokenFamilies, refreshTokens } from "../db/schema/refresh-tokens.schema";
import { scheduledJobs } from "../db/schema/scheduled-jobs.schema";
import { services } from "../db/schema/services.schema";
import {
  telegramButtons,
  telegramConnections,
  telegramLinkCodes,
  telegramPoller,
} from "../db/schema/telegram.schema";
import { users } from "../db/schema/users.schema";

/**
 * One table holding a business's rows: how they are found (`scope`, the column naming the business), the
 * order they are read in (`key`: unique, led by an index's columns after the scope, so a page is an index
 * range), the columns never exported (`secrets`), and what it holds, for the export's readme.
 */
export type TenantTable = {
  table: PgTable;
  scope: string;
  key: readonly string[];
  secrets: readonly string[];
  about: string;
};

/** A table's column as the export writes it, with its SQL type (the readme names it). */
export type TenantColumn = { name: string; sqlType: string };

const tenant = (
  table: PgTable,
  about: string,
  key: readonly string[],
  secrets: readonly string[] = [],
  scope = "business_id",
): TenantTable => ({ table, scope, key, secrets, about });

/**
 * Every table holding a business's rows, parents before children: the export writes them in this order and
 * the deletion removes them in the reverse one. A counter table comes before the rows it counts: deleting
 * those rows adjusts it (statement triggers), so it must go after them. tests/server/tenant-tables.test.ts fails when a table of the
 * database is neither here nor in GLOBAL_TABLES, so a table added later cannot be left out of either.
 */
export const TENANT_TABLES: readonly TenantTable[] = [
  tenant(
    businesses,
    "The business: company and call-handling settings, availability rules, data protection settings.",
    ["id"],
    [],
    "id",
  ),
  tenant(users, "The staff accounts (password hashes are not exported).", ["id"], ["password_hash"]),
  tenant(refreshTokenFamilies, "Sign-in sessions of the staff, with when they end or were revoked.", ["id"]),
  tenant(
    refreshTokens,
    "The rotations of each sign-in session (the token hashes are not exported).",
    ["id"],
    ["token_hash"],
  ),
  tenant(
    knownDevices,
    "When each staff member first and last signed in on a browser (the device hashes are not exported).",
    ["user_id", "device_hash"],
    ["device_hash"],
  ),
  tenant(
    assistantKeys,
    "The voice assistant's API keys: name, last four characters, use and revocation (the key hashes are not exported).",
    ["id"],
    ["key_hash"],
  ),
  tenant(
    assistantConnections,
    "Voice platforms (Vapi, Retell) connected by their webhook URL, with when they last reached us (their secrets are not exported).",
    ["id"],
    ["secret"],
  ),
  tenant(
    assistantDeliveries,
    "The voice platforms' latest deliveries: the platform's call id, the event, and whether it was accepted, a duplicate or refused (and why).",
    ["id"],
  ),
  tenant(
    toolCallAnswers,
    "What the voice platforms' tool calls of the last week were answered (the words the assistant was given), kept so that a tool call sent again is answered alike rather than run again; tool_call is a hash of the connection, the platform's call id and the tool call's id.",
    ["tool_call"],
  ),
  tenant(services, "The bookable services.", ["id"]),
  tenant(weeklyHours, "Opening hours: ranges of minutes after local midnight per weekday (0 = Sunday).", [
    "weekday",
    "start_minute",
  ]),
  tenant(blackoutDates, "Closures of the business.", ["id"]),
  tenant(
    callCounts,
    "How many calls started in each stretch of time, per status (kept by the database for the lists).",
    ["status", "level", "bucket"],
  ),
  tenant(calls, "Calls answered by the assistant, with transcripts, summaries and recording links.", [
    "started_at",
    "id",
  ]),
  tenant(
    recordingCopies,
    "The copies of the calls' recordings kept by the server: the link each was copied from, where the copy stands, its size and type (the audio itself is in recordings/ when the export includes it).",
    ["call_id"],
  ),
  tenant(
    purgedCallCounts,
    "How many calls of each status the retention purge deleted (the dashboard still counts them).",
    ["status"],
  ),
  tenant(
    purgedCalls,
    "The calls the retention purge deleted, each by a digest of its assistant's id and the id it had, so that a later report of one is not stored and counted again.",
    ["external_id_digest"],
  ),
  tenant(
    bookingCounts,
    "How many bookings start in each stretch of time, per status (kept by the database for the lists).",
    ["status", "level", "bucket"],
  ),
  tenant(bookings, "Appointments, with what they were booked for and their customer.", ["start_time", "id"]),
  tenant(bookingEvents, "Each booking's timeline: every change, by whom, before and after.", ["id"]),
  tenant(outbox, "Changes waiting to be (or already) sent to Telegram and the calendar.", ["id"]),
  tenant(telegramConnections, "The Telegram chat notifications go to, and where delivery stands.", [
    "business_id",
  ]),
  tenant(
    telegramLinkCodes,
    "Telegram connect codes under way (the codes themselves are not exported).",
    ["code"],
    ["code"],
  ),
  tenant(
    telegramButtons,
    "Confirm and Cancel buttons sent under bookings' Telegram messages (their tokens are not exported).",
    ["token"],
    ["token"],
  ),
  tenant(
    calendarConnections,
    "The connected Google Calendar and where its sync stands (Google's tokens are not exported).",
    ["business_id"],
    ["refresh_token", "access_token", "sync_token", "watch_token"],
  ),
  tenant(
    calendarAuthorizations,
    "Google Calendar connections under way (their state and verifier are not exported).",
    ["state_hash"],
    ["state_hash", "code_verifier"],
  ),
  tenant(calendarEvents, "The Google Calendar event of each booking.", ["booking_id"]),
  tenant(calendarBusy, "Busy times of the connected calendar that are not the business's own events.", [
    "id",
  ]),
  tenant(auditLog, "The audit log: who did what, when.", ["id"]),
];

/**
 * Tables of the database that hold no business's rows: shared machinery, keyed by something else. The
 * migrations' own table is named where drizzle keeps it (drizzle.__drizzle_migrations).
 */
export const GLOBAL_TABLES: readonly string[] = [
  getTableConfig(scheduledJobs).name,
  getTableConfig(authThrottle).name,
  getTableConfig(telegramPoller).name,
  getTableConfig(instanceSettings).name,
  // Deleted businesses whose recordings' files are still being deleted: the business is gone by then.
  getTableConfig(recordingErasures).name,
  "drizzle.__drizzle_migrations",
];

export const tableName = (entry: TenantTable) => getTableConfig(entry.table).name;

/** The columns the export writes: every column of the table but its secrets, in the table's order. */
export const exportedColumns = (entry: TenantTable): TenantColumn[] =>
  getTableConfig(entry.table)
    .columns.filter((column) => !entry.secrets.includes(column.name))
    .map((column) => ({ name: column.name, sqlType: column.getSQLType() }));

/** The SQL type of one of the table's columns (the keyset's values are cast back to it). */
export function sqlTypeOf(entry: TenantTable, name: string): string {
  const column = getTableConfig(entry.table).columns.find((c) => c.name === name);
  if (!column) throw new Error(`${tableName(entry)} has no column ${name}`);
  return column.getSQLType();
}
