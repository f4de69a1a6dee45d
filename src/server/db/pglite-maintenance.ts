import { sql } from "drizzle-orm";
import type { ScheduledJob } from "../scheduler/scheduler";
import type { Database } from "./database";
import { rawRows } from "./raw-rows";

const MINUTE_MS = 60_000;
/** How often cached plans are dropped: plans adapt to a growing table within a minute. */
export const PLAN_REFRESH_MS = MINUTE_MS;
/**
 * How often the tables are vacuumed. A vacuum holds the one connection (some 10–70 ms on a busy day's
 * changes, thanks to the visibility map): rare enough not to be felt, often enough that dead rows stay few.
 */
export const VACUUM_MS = 10 * MINUTE_MS;

/**
 * PGlite runs no autovacuum. Without it the dead row versions every update leaves (a call going from live
 * to finished, positions moving up) would pile up for good, and pages would never be marked all-visible for
 * index-only scans.
 */
export async function vacuumTables(db: Database): Promise<void> {
  await rawRows(db, sql`vacuum`);
}

/**
 * Nor does anything invalidate the plans its one connection caches (the PL/pgSQL call functions keep theirs
 * for the connection's lifetime): a plan made while a table was empty would keep scanning as the table
 * grows. PostgreSQL would replan after autoanalyze; here the plans are dropped and made again.
 */
export async function refreshPlans(db: Database): Promise<void> {
  await rawRows(db, sql`discard plans`);
}

/**
 * Both as jobs of this instance: they tend this process's own embedded database (and `discard plans` its
 * one connection), so they are not shared through scheduled_jobs, and PostgreSQL needs neither.
 */
export function pgliteMaintenanceJobs(db: Database): ScheduledJob[] {
  return [
    { name: "pglite-plans", scope: "instance", everyMs: PLAN_REFRESH_MS, run: () => refreshPlans(db) },
    { name: "pglite-vacuum", scope: "instance", everyMs: VACUUM_MS, run: () => vacuumTables(db) },
  ];
}
