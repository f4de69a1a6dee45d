import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import {
  type ClaimedCursor,
  type CursorTable,
  createCursorAdvancer,
  markCursorBroken,
  type OutboxPosition,
  postponeCursor,
  releaseCursor,
} from "./outbox-cursor.repo";
import type { ServeOutcome } from "./outbox-worker";

/** What to do about a row the channel's service did not take. */
export type FailureVerdict =
  /** Try the same row again at `waitMs` from now. */
  | { kind: "retry"; waitMs: number }
  /** The service refuses the connection itself: nothing more until the owner reconnects. */
  | { kind: "broken" }
  /** The service refuses this one row for good: sending it again cannot work. */
  | { kind: "skip" };

/**
 * Rows read past a cursor, and how to send each of them (throws what the service answered). `lease` is the
 * connection's lease as the row is sent, for a write of the channel's own about the connection.
 */
export type RowsToSend<R> = { rows: R[]; send(row: R, lease: Date): Promise<void> };

/** Thrown by a send whose own write found the lease gone: another instance has the connection now. */
export class LeaseLost extends Error {
  constructor(businessId: string) {
    super(`The lease on the connection of business ${businessId} was lost`);
    this.name = "LeaseLost";
  }
}

/**
 * Serves one claimed connection of `table`: reads its rows past the cursor and sends them one after another,
 * advancing the cursor after each (a crash repeats at most the one in flight; the advances of all the
 * connections being served go to the database together); a failure postpones the connection (the same row
 * is tried again), marks it broken, or skips the row, as `verdict` says. Answers how the serving ended.
 */
export function createOutboxSender<
  R extends { id: number; xid: string; topic: string },
  C extends ClaimedCursor = ClaimedCursor,
>(deps: {
  db: Database;
  table: CursorTable;
  clock: Clock;
  logger: Logger;
  /** The channel, as its log lines name it. */
  channel: string;
  leaseMs: number;
  read(connection: C, after: OutboxPosition): Promise<RowsToSend<R>>;
  verdict(error: unknown, attempts: number): FailureVerdict;
  /** Told once a connection is marked broken (with Google's or Telegram's words). */
  onBroken?(connection: C, reason: string): Promise<void>;
}): (connection: C) => Promise<ServeOutcome> {
  const { db, table, clock, logger } = deps;
  const advanceCursor = createCursorAdvancer(db, table);
  return async (connection) => {
    const { businessId } = connection;
    let { lease, delivered: cursor, attempts } = connection;
    for (;;) {
      const { rows, send } = await deps.read(connection, cursor);
      if (rows.length === 0) {
        const { more, held } = await releaseCursor(db, table, { businessId, lease });
        return more ? "more" : held ? "held" : "done";
      }
      for (const row of rows) {
        let skipped: string | null = null;
        try {
          await send(row, lease);
        } catch (error) {
          if (error instanceof LeaseLost) return "lost";
          attempts += 1;
          const verdict = deps.verdict(error, attempts);
          const reason = error instanceof Error ? error.message : String(error);
          const now = clock();
          if (verdict.kind === "broken") {
            await markCursorBroken(db, table, { businessId, lease, now, reason });
            await deps.onBroken?.(connection, reason);
            logger.warn(`${deps.channel} refuses the connection of business ${businessId}: ${reason}`);
            return "broken";
          }
          if (verdict.kind === "retry") {
            const retryAt = new Date(now.getTime() + verdict.waitMs);
            await postponeCursor(db, table, { businessId, lease, retryAt, attempts, error: reason });
            return { retryAt };
          }
          // The service will never take this row as it is: sending it again would hold up the rest.
          logger.error(`${deps.channel} refused outbox row ${row.id} (${row.topic}); skipped`, error);
          skipped = reason;
        }
        const nextLease = new Date(clock().getTime() + deps.leaseMs);
        const through = { xid: row.xid, id: row.id };
        if (!(await advanceCursor({ businessId, lease, through, nextLease, skipped }))) return "lost";
        lease = nextLease;
        cursor = through;
        attempts = 0;
      }
    }
  };
}
