import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { scheduledJobs } from "../db/schema/scheduled-jobs.schema";

const after = (ms: number) => sql`(${ms} * interval '1 millisecond')`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Makes sure the job has a row: a new job is first due at `firstDueAt`. An existing row keeps its due
 * time (a restart does not run the job again), except one further away than a whole interval, which an
 * interval shortened since would otherwise leave waiting.
 */
export async function registerScheduledJob(
  db: Executor,
  job: { name: string; everyMs: number },
  now: Date,
  firstDueAt: Date,
): Promise<void> {
  await db
    .insert(scheduledJobs)
    .values({ name: job.name, nextDueAt: firstDueAt })
    .onConflictDoUpdate({
      target: scheduledJobs.name,
      set: { nextDueAt: sql`least(${scheduledJobs.nextDueAt}, ${at(now)} + ${after(job.everyMs)})` },
    });
}

/**
 * Claims the job's current due time, or returns null when it is not due or another instance has it.
 * One conditional UPDATE, so of any number of instances trying at once exactly one moves the due time on
 * and gets a row back. The next due time keeps to the job's rhythm, or starts over from now after a
 * pause longer than an interval (no backlog of missed runs). `locked_until` keeps a run that outlasts
 * its interval from being started again elsewhere; a crashed instance's lease simply runs out.
 */
export async function claimScheduledJob(
  db: Executor,
  job: { name: string; everyMs: number; leaseMs: number },
  now: Date,
): Promise<{ startedAt: Date } | null> {
  const [claimed] = await db
    .update(scheduledJobs)
    .set({
      nextDueAt: sql`case
        when ${scheduledJobs.nextDueAt} + ${after(job.everyMs)} > ${at(now)}
          then ${scheduledJobs.nextDueAt} + ${after(job.everyMs)}
        else ${at(now)} + ${after(job.everyMs)} end`,
      lockedUntil: sql`${at(now)} + ${after(job.leaseMs)}`,
      lastStartedAt: now,
    })
    .where(
      and(
        eq(scheduledJobs.name, job.name),
        lte(scheduledJobs.nextDueAt, now),
        or(isNull(scheduledJobs.lockedUntil), lte(scheduledJobs.lockedUntil, now)),
      ),
    )
    .returning({ startedAt: scheduledJobs.lastStartedAt });
  return claimed?.startedAt ? { startedAt: claimed.startedAt } : null;
}

/** Releases the claim made at `startedAt` (not a later one another instance made after the lease ran out). */
export async function finishScheduledJob(
  db: Executor,
  name: string,
  startedAt: Date,
  now: Date,
  error: string | null,
): Promise<void> {
  await db
    .update(scheduledJobs)
    .set({ lockedUntil: null, lastFinishedAt: now, lastError: error })
    .where(and(eq(scheduledJobs.name, name), eq(scheduledJobs.lastStartedAt, startedAt)));
}
