import { type RetentionCounts, recordRetentionBatch } from "../audit/audit.repo";
import { removeBookingPersonalData } from "../bookings/bookings-write.repo";
import { queueAnonymisedBookings } from "../calendar/calendar-connection.repo";
import { clearCallContent, purgeCalls } from "../calls/calls-write.repo";
import type { Database, Transaction } from "../db/database";
import { inBatches } from "../db/in-batches";
import type { Logger } from "../logger";
import { outboxWritten } from "../outbox/outbox-signal";
import type { ScheduledJob } from "../scheduler/scheduler";
import { listRetainingBusinesses, type RetainingBusiness } from "./retention.repo";
import { retentionCuts } from "./retention-cuts";

const HOUR_MS = 60 * 60 * 1000;
/**
 * Rows per statement, each statement in a transaction of its own: short enough that requests sharing
 * PGlite's one connection (or the rows' locks on PostgreSQL) wait little, whatever a business's history holds.
 * A request waits for about one statement. On PGlite, in a business of 300,000 calls, a statement of 25 calls
 * took about 4 ms of CPU, 50 took 6 and 100 took 9 (a part fixed, the rest per call and its counters). 100
 * keeps the wait short and the fixed part small beside the rest (`npm run bench privacy`).
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
  let rewritesQueued = false;
  /** One kind's batches, each a transaction that also adds its rows to the run's audit entry. */
  const purge = async (
    kind: keyof RetentionCounts,
    step: (tx: Transaction, limit: number) => Promise<number>,
  ) => {
    const done = await inBatches(batch, (limit) =>
      db.transaction(async (tx) => {
        const rows = await step(tx, limit);
        if (rows > 0)
          await recordRetentionBatch(tx, {
            businessId: business.id,
            at: now,
            counts: { calls: 0, callContents: 0, bookingContacts: 0, [kind]: rows },
          });
        return rows;
      }),
    );
    removed[kind] += done.rows;
    statements += done.statements;
  };
  if (rowsCut) await purge("calls", (tx, limit) => purgeCalls(tx, business.id, rowsCut, limit));
  if (contentCut)
    await purge("callContents", (tx, limit) => clearCallContent(tx, business.id, contentCut, limit, now));
  if (bookingsCut)
    await purge("bookingContacts", async (tx, limit) => {
      const bookingIds = await removeBookingPersonalData(tx, business.id, bookingsCut, limit, now);
      // Their Google Calendar events show the name and phone too: rewritten from the blanked rows.
      if (await queueAnonymisedBookings(tx, { businessId: business.id, bookingIds, now }))
        rewritesQueued = true;
      return bookingIds.length;
    });
  if (rewritesQueued) outboxWritten([business.id]);
  return {
    callsDeleted: removed.calls,
    callContentsCleared: removed.callContents,
    bookingsAnonymised: removed.bookingContacts,
    statements,
  };
}

/**
 * Hourly, once among all instances: each business that keeps some data for a limited time has what is due
 * purged (see purgeBusinessRetention), one business after another. One business failing does not hold back
 * the others' purges; the run then ends as failed, naming how many, and the next run takes what was left.
 */
export function retentionPurgeJob(deps: { db: Database; logger: Logger }): ScheduledJob {
  return {
    name: "retention-purge",
    scope: "shared",
    everyMs: HOUR_MS,
    run: async (now) => {
      let failed = 0;
      for (const business of await listRetainingBusinesses(deps.db)) {
        try {
          const run = await purgeBusinessRetention(deps.db, business, now);
          if (run.callsDeleted + run.callContentsCleared + run.bookingsAnonymised > 0)
            deps.logger.debug("Retention purge", { businessId: business.id, ...run });
        } catch (error) {
          failed += 1;
          deps.logger.error(`Retention purge of business ${business.id} failed`, error);
        }
      }
      if (failed > 0) throw new Error(`The retention purge failed for ${failed} business(es)`);
    },
  };
}
