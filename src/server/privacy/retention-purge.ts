import { setImmediate } from "node:timers/promises";
import { type RetentionCounts, recordRetentionBatch } from "../audit/audit.repo";
import { removeBookingPersonalData } from "../bookings/bookings-write.repo";
import { clearCallContent, purgeCalls } from "../calls/calls-write.repo";
import type { Database, Transaction } from "../db/database";
import type { Logger } from "../logger";
import type { ScheduledJob } from "../scheduler/scheduler";
import { listRetainingBusinesses, type RetainingBusiness } from "./retention.repo";
import { retentionCuts } from "./retention-cuts";

const HOUR_MS = 60 * 60 * 1000;
/**
 * Rows per statement, each statement in a transaction of its own: short enough that requests sharing
 * PGlite's one connection (or the rows' locks on PostgreSQL) wait little, whatever a business's history holds.
 * A request waits for about one statement: 1,000 calls took some 130 ms on PGlite (`npm run bench privacy`),
 * 100 take a tenth, and the purge as a whole takes about as long, its cost being per row.
 */
export const RETENTION_BATCH = 100;

/** What one business's purge did: rows of each kind, and the statements it took. */
export type RetentionRun = {
  callsDeleted: number;
  callContentsCleared: number;
  bookingsAnonymised: number;
  statements: number;
};

/**
 * Purges what is due at `now` of one business: its calls past their row retention first (their content goes
 * with them), then the content of the calls past theirs, then the customer's details of bookings past theirs.
 * Each batch is a transaction of its own that also adds what it removed to the run's audit entry (one per run,
 * keyed by `now`): a run cut short by a crash or a failure is in the log with exactly what it removed.
 */
export async function purgeBusinessRetention(
  db: Database,
  business: RetainingBusiness,
  now: Date,
  batch = RETENTION_BATCH,
): Promise<RetentionRun> {
  const {
    rows: rowsCut,
    content: contentCut,
    bookings: bookingsCut,
  } = retentionCuts(business, now, business.timezone);
  const removed: RetentionCounts = { calls: 0, callContents: 0, bookingContacts: 0 };
  let statements = 0;
  /**
   * Runs `step` (one statement of at most `batch` rows) until it takes fewer than `batch`. Before each one the
   * event loop takes its turn: PGlite runs statements on this thread and resolves them without any I/O, so a
   * run of them (batches, or many businesses' first batches) would otherwise keep every request from even
   * being read until the last.
   */
  const inBatches = async (
    kind: keyof RetentionCounts,
    step: (tx: Transaction, limit: number) => Promise<number>,
  ) => {
    for (let taken = batch; taken === batch; ) {
      await setImmediate();
      taken = await db.transaction(async (tx) => {
        const rows = await step(tx, batch);
        if (rows > 0)
          await recordRetentionBatch(tx, {
            businessId: business.id,
            at: now,
            counts: { calls: 0, callContents: 0, bookingContacts: 0, [kind]: rows },
          });
        return rows;
      });
      removed[kind] += taken;
      statements += 1;
    }
  };
  if (rowsCut) await inBatches("calls", (tx, limit) => purgeCalls(tx, business.id, rowsCut, limit));
  if (contentCut)
    await inBatches("callContents", (tx, limit) => clearCallContent(tx, business.id, contentCut, limit, now));
  if (bookingsCut)
    await inBatches("bookingContacts", (tx, limit) =>
      removeBookingPersonalData(tx, business.id, bookingsCut, limit, now),
    );
  return {
    callsDeleted: removed.calls,
    callContentsCleared: removed.callContents,
    bookingsAnonymised: removed.bookingContacts,
    statements,
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
