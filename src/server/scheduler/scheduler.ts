import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { claimScheduledJob, finishScheduledJob, registerScheduledJob } from "./scheduled-jobs.repo";

export type ScheduledJob = {
  /** Unique; the key of the job's row in scheduled_jobs. */
  name: string;
  everyMs: number;
  /**
   * "shared": once per due time among all instances on the database (purges, deliveries).
   * "instance": on every instance, for what belongs to this process (its embedded database's upkeep).
   */
  scope: "shared" | "instance";
  /** Due as soon as the scheduler starts (on a database that has never run it); otherwise after `everyMs`. */
  runAtStart?: boolean;
  /**
   * How long a claimed run keeps other instances off the job, even once it is due again; past it the
   * run is presumed lost with its instance. Default DEFAULT_LEASE_MS.
   */
  leaseMs?: number;
  run(now: Date): Promise<unknown>;
};

export type Scheduler = {
  /** Runs what is due now and then checks every `tickMs`; the timer never keeps the process alive. */
  start(): void;
  /** Runs every job due at the clock's time (once; ticks do not overlap); names the jobs it ran. */
  runDue(): Promise<string[]>;
  /** No job starts after this; resolves once the one running (if any) has finished. */
  stop(): Promise<void>;
};

export const DEFAULT_LEASE_MS = 15 * 60_000;

const HOUR_MS = 60 * 60 * 1000;

/**
 * A purge run hourly, once among all instances: `purge` deletes what is past at `now` and answers what it
 * deleted, logged (debug) after `logAs`.
 */
export function hourlyPurgeJob(
  deps: { db: Database; logger: Logger },
  job: { name: string; logAs: string; purge: (db: Database, now: Date) => Promise<unknown> },
): ScheduledJob {
  return {
    name: job.name,
    scope: "shared",
    everyMs: HOUR_MS,
    run: async (now) => deps.logger.debug(job.logAs, await job.purge(deps.db, now)),
  };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one scheduler for background work. Shared jobs are claimed through the database (see
 * claimScheduledJob), so several instances on one PostgreSQL run each due time once, whichever checks
 * first; instance jobs keep their due time in memory. Jobs run one after another: on PGlite they share
 * its one connection with the requests. A failing job is logged and runs again at its next due time.
 * Time comes from the app's clock, so tests move it; instances' clocks need only roughly agree, since a
 * skew moves when a job runs, never how often.
 */
export function createScheduler(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  jobs: readonly ScheduledJob[];
  tickMs?: number;
}): Scheduler {
  const { db, clock, logger, jobs } = deps;
  const localDue = new Map<string, number>();
  let registered = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<string[]> | null = null;

  const register = async (now: Date) => {
    for (const job of jobs) {
      const firstDue = new Date(now.getTime() + (job.runAtStart ? 0 : job.everyMs));
      if (job.scope === "instance") localDue.set(job.name, firstDue.getTime());
      else await registerScheduledJob(db, job, now, firstDue);
    }
    registered = true;
  };

  /** This instance's turn at the job's current due time, as the start time of the run; null if not its turn. */
  const claim = async (job: ScheduledJob, now: Date): Promise<Date | null> => {
    if (job.scope === "shared") {
      const claimed = await claimScheduledJob(db, { ...job, leaseMs: job.leaseMs ?? DEFAULT_LEASE_MS }, now);
      return claimed?.startedAt ?? null;
    }
    const due = localDue.get(job.name)!;
    if (due > now.getTime()) return null;
    localDue.set(job.name, Math.max(due + job.everyMs, now.getTime()));
    return now;
  };

  const runJob = async (job: ScheduledJob, startedAt: Date) => {
    let failure: string | null = null;
    try {
      await job.run(startedAt);
    } catch (error) {
      failure = message(error);
      logger.error(`Scheduled job "${job.name}" failed; it runs again when next due`, error);
    }
    if (job.scope === "shared") await finishScheduledJob(db, job.name, startedAt, clock(), failure);
  };

  const tick = async (): Promise<string[]> => {
    const ran: string[] = [];
    try {
      if (!registered) await register(clock());
      for (const job of jobs) {
        if (stopped) break;
        const startedAt = await claim(job, clock());
        if (!startedAt) continue;
        await runJob(job, startedAt);
        ran.push(job.name);
      }
    } catch (error) {
      // The database itself failing (a restart, a lost connection): the next tick tries again.
      logger.warn("Scheduler could not check its jobs", error);
    }
    return ran;
  };

  const runDue = () => {
    if (stopped) return Promise.resolve([]);
    running ??= tick().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(runDue, deps.tickMs ?? 15_000);
      timer.unref();
      void runDue();
    },
    runDue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
