import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { type BatchAnswer, createStatementBatcher } from "../db/statement-batcher";
import { type CallReportItem, reportCalls, type StoredReport } from "../repos/calls.repo";

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Stores the assistant's call reports: those arriving together are written as one batch (one statement,
 * one transaction), which is what lets a single embedded database take thousands of reports a second.
 */
export function createCallIngest(
  db: Database,
  clock: Clock,
): (item: CallReportItem) => Promise<StoredReport> {
  return createStatementBatcher<CallReportItem, StoredReport>(async (items) => {
    try {
      return await reportCalls(db, items, clock());
    } catch (error) {
      if (items.length === 1) throw error;
      // A report the database refuses must not fail the others that happened to share its batch.
      return Promise.all(
        items.map(
          (item): Promise<BatchAnswer<StoredReport>> =>
            reportCalls(db, [item], clock()).then(([stored]) => stored!, asError),
        ),
      );
    }
  });
}
