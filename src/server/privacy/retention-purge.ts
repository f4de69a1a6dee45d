import { setImmediate } from "node:timers/promises";
import { recordAudit } from "../audit/audit.repo";
import { removeBookingPersonalData } from "../bookings/bookings-write.repo";
import { clearCallContent, purgeCalls } from "../calls/calls-write.repo";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import type { ScheduledJob } from "../scheduler/scheduler";
import { listRetainingBusinesses, type RetainingBusiness } from "./retention.repo";
import { retentionCuts } from "./retention-cuts";

const HOUR_MS = 60 * 60 * 1000;
/**
 * Rows per statement, each statement its own transaction: short enough that requests sharing PGlite's one
 * connection (or the rows' locks on PostgreSQL) wait little, whatever a business's history holds.
 */
export const RETENTION_BATCH = 1_000;

/** What one business's purge did: rows of each kind, and the statements it took. */
export type RetentionRun = {
  callsDeleted: number;
  callContentsCleared: number;
  bookingsAnonymised: number;
  statements: number;
};

/**
 * Runs `step` (one statement of at most `batch` rows) until it takes fewer than `batch`; counts both. Before
 * each statement the event loop takes its turn: PGlite runs statements on this thread and resolves them without
 * any I/O, so a run of them (batches, or many businesses' first batches) would otherwise keep every request
 * from even being read until the last.
 */
async function inBatches(batch: number, step: (limit: number) => Promise<number>) {
  let rows = 0;
  let statements = 0;
  for (let taken = batch; taken === batch; ) {
    await setImmediate();
    taken = await step(batch);
    rows += taken;
    statements += 1;
  }
  return { rows, statements };
}

/**
 * Purges what is due at `now` of one business: its calls past their row retention first (their content goes
 * with them), then the content of the calls past theirs, then the customer's details of bookings past theirs.
 */
export async function purgeBusinessRetention(
  db: Database,
  business: RetainingBusiness,
  now: Date,
  batch = RETENTION_BATCH,
): Promise<RetentionRun> {
  const cuts = retentionCuts(business, now, business.timezone);
  const none = { rows: 0, statements: 0 };
  const { rows: rowsCut, content: contentCut, bookings: bookingsCut } = cuts;
  const calls = rowsCut
    ? await inBatches(batch, (limit) => purgeCalls(db, business.id, rowsCut, limit))
    : none;
  const contents = contentCut
    ? await inBatches(batch, (limit) => clearCallContent(db, business.id, contentCut, limit, now))
    : none;
  const bookings = bookingsCut
    ? await inBatches(batch, (limit) => removeBookingPersonalData(db, business.id, bookingsCut, limit, now))
    : none;
  // One entry per run that removed anything, counts only. The batches commit one by one (see RETENTION_BATCH),
  // so the entry follows them rather than sharing a transaction with any.
  if (calls.rows + contents.rows + bookings.rows > 0)
    await db.transaction((tx) =>
      recordAudit(tx, {
        businessId: business.id,
        actor: "system",
        at: now,
        action: "retention.purged",
        details: { calls: calls.rows, callContents: contents.rows, bookingContacts: bookings.rows },
      }),
    );
  return {
    callsDeleted: calls.rows,
    callContentsCleared: contents.rows,
    bookingsAnonymised: bookings.rows,
    statements: calls.statements + contents.statements + bookings.statements,
  };
}

/**
 * Hourly, once among all instances: each business that keeps some data for a limited time has what is due
 * purged (see purgeBusinessRetention), one business after another.
 */
export function retentionPurgeJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return {
    name: "retention-purge",
    scope: "shared",
    everyMs: HOUR_MS,
    run: async (now) => {
      for (const business of await listRetainingBusinesses(deps.db)) {
        const run = await purgeBusinessRetention(deps.db, business, now);
        if (run.callsDeleted + run.callContentsCleared + run.bookingsAnonymised > 0)
          deps.logger.debug("Retention purge", { businessId: business.id, ...run });
      }
    },
  };
}
