import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { ScheduledJob } from "../scheduler/scheduler";
import { onOutboxWritten } from "./outbox-signal";

/** While connections wait for a retry, how often (real time) this instance checks whether one is due. */
const RETRY_CHECK_MS = 1_000;
/**
 * Committed rows above the horizon (an older transaction still runs, PostgreSQL only): looked at again after
 * this, doubling while they stay held, up to RETRY_CHECK_MS.
 */
const HELD_RETRY_MS = 10;

/** How serving one claimed connection ended. */
export type ServeOutcome = "done" | "more" | "held" | { retryAt: Date } | "broken" | "lost";

export type OutboxWorker = {
  /** The shared scheduled check (see scheduler.ts): asks for a round over every connection. */
  job: ScheduledJob;
  /** Starts listening for outbox writes of this process. */
  start(): void;
  /** No round starts after this; resolves once the running one is over. */
  stop(): Promise<void>;
};

/**
 * The rounds of a channel's delivery (Telegram, the online calendar), whatever it sends: a round claims the
 * due connections (`claim`, among the businesses named, or all) and serves them all at once (`serve`, each
 * connection's rows strictly one after another). A round starts right after this process writes outbox rows
 * (news leaves within a moment), when a postponed connection comes due, and on the shared scheduled check
 * (rows other instances wrote, connections whose sender was lost). Answers `more` when a round claimed
 * `perRound` connections (others may wait).
 */
export function createOutboxWorker<C extends { businessId: string }>(deps: {
  name: string;
  clock: Clock;
  logger: Logger;
  /** The scheduled check's period. */
  scanEveryMs: number;
  perRound: number;
  /**
   * How long a claimed connection is its sender's (`lease`, from `now`); one whose serving failed (the
   * database under us) is tried again after this.
   */
  leaseMs: number;
  claim(input: { now: Date; lease: Date; businessIds: string[] | null; limit: number }): Promise<C[]>;
  serve(connection: C): Promise<ServeOutcome>;
}): OutboxWorker {
  const { clock, logger } = deps;
  /** Businesses whose rows this process wrote since the last round. */
  const nudged = new Set<string>();
  /** Connections postponed by this instance, with when they come due. */
  const waiting = new Map<string, number>();
  /** Connections whose committed rows wait for an older transaction, and how long until the next look. */
  const heldOnes = new Set<string>();
  let heldDelayMs = HELD_RETRY_MS;
  let heldTimer: ReturnType<typeof setTimeout> | undefined;
  let scanAll = false;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | null = null;

  /** One round: claims what is due (among `businessIds`, or every connection) and serves it; whether to go on. */
  const round = async (businessIds: string[] | null): Promise<boolean> => {
    const now = clock();
    const lease = new Date(now.getTime() + deps.leaseMs);
    const claimed = await deps.claim({ now, lease, businessIds, limit: deps.perRound });
    const outcomes = await Promise.all(
      claimed.map((connection) =>
        deps.serve(connection).catch((error: unknown): ServeOutcome => {
          // The database failed under us: the lease runs out and the connection is served again then.
          logger.error(`${deps.name} to business ${connection.businessId} failed`, error);
          return { retryAt: lease };
        }),
      ),
    );
    let more = claimed.length === deps.perRound;
    for (const [i, outcome] of outcomes.entries()) {
      const { businessId } = claimed[i]!;
      if (typeof outcome === "object") waiting.set(businessId, outcome.retryAt.getTime());
      else waiting.delete(businessId);
      if (outcome === "held") heldOnes.add(businessId);
      if (outcome === "more") {
        nudged.add(businessId);
        more = true;
      }
    }
    return more;
  };

  const run = async () => {
    do {
      again = false;
      const full = scanAll;
      scanAll = false;
      const due = [...nudged, ...[...waiting].filter(([, at]) => at <= clock().getTime()).map(([id]) => id)];
      nudged.clear();
      if (!full && due.length === 0) break;
      try {
        if (await round(full ? null : due)) {
          again = true;
          scanAll ||= full;
        }
      } catch (error) {
        // The wake-ups this round took are not lost to a failed claim: looked at again soon, as held rows are.
        logger.warn(`${deps.name} could not claim connections; trying again soon`, error);
        for (const id of due) heldOnes.add(id);
        break;
      }
    } while (again && !stopped);
    planRetryCheck();
    planHeldCheck();
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
      if (again && !stopped) kick();
    });
  };

  /** While connections wait for a retry, looks again soon (real time: a test may move the app's clock at will). */
  const planRetryCheck = () => {
    clearTimeout(retryTimer);
    if (stopped || waiting.size === 0) return;
    const soonest = Math.min(...waiting.values()) - clock().getTime();
    retryTimer = setTimeout(kick, Math.min(RETRY_CHECK_MS, Math.max(0, soonest)));
    retryTimer.unref();
  };

  /** While rows wait above the horizon, looks again soon (real time), less often the longer they wait. */
  const planHeldCheck = () => {
    if (stopped || heldOnes.size === 0) {
      heldDelayMs = HELD_RETRY_MS;
      return;
    }
    if (heldTimer) return;
    heldTimer = setTimeout(() => {
      heldTimer = undefined;
      for (const id of heldOnes) nudged.add(id);
      heldOnes.clear();
      kick();
    }, heldDelayMs);
    heldTimer.unref();
    heldDelayMs = Math.min(RETRY_CHECK_MS, heldDelayMs * 2);
  };

  return {
    job: {
      name: deps.name,
      scope: "shared",
      everyMs: deps.scanEveryMs,
      runAtStart: true,
      run: async () => {
        scanAll = true;
        kick();
      },
    },
    start() {
      unsubscribe ??= onOutboxWritten((businessIds) => {
        for (const id of businessIds) nudged.add(id);
        // After the writer's own continuation: rows written together go out in one round.
        setImmediate(kick);
      });
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(retryTimer);
      clearTimeout(heldTimer);
      await running;
    },
  };
}
