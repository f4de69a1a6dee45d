import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { type DatabaseHandle, postgresDatabase } from "../../src/server/db/open-database";
import { scheduledJobs } from "../../src/server/db/schema/scheduled-jobs.schema";
import type { Logger } from "../../src/server/logger";
import { createScheduler, DEFAULT_LEASE_MS, type ScheduledJob } from "../../src/server/scheduler/scheduler";
import { createTestClock, MINUTE } from "../support/server-clock";
import { openTestDatabase, type TestDatabase } from "../support/server-database";

let database: TestDatabase;
/** A second server instance's connection: its own pool on PostgreSQL; PGlite has only the one connection. */
let other: DatabaseHandle | null = null;
beforeAll(async () => {
  database = await openTestDatabase();
  if (database.url) other = postgresDatabase(new pg.Pool({ connectionString: database.url, max: 5 }));
});
afterAll(async () => {
  await other?.close();
  await database.drop();
});

const instanceDbs = (): [Database, Database] => [database.handle.db, (other ?? database.handle).db];

function recordingLogger() {
  const lines: { level: string; message: string; details?: unknown }[] = [];
  const at = (level: string) => (message: string, details?: unknown) =>
    lines.push({ level, message, details });
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { logger, lines };
}

let jobCount = 0;
/** A shared job counting its runs, under a name no other test uses (they share the database). */
function countingJob(overrides: Partial<ScheduledJob> = {}) {
  const runs: Date[] = [];
  const job: ScheduledJob = {
    name: `test-job-${++jobCount}`,
    scope: "shared",
    everyMs: MINUTE,
    runAtStart: true,
    run: async (now) => {
      runs.push(now);
    },
    ...overrides,
  };
  return { job, runs };
}

describe("scheduler", () => {
  it(`runs a shared job once per due time, however many instances check (${process.env.TEST_DATABASE_URL ? "two pools" : "one PGlite"})`, async () => {
    const clock = createTestClock();
    const { job, runs } = countingJob();
    const { logger, lines } = recordingLogger();
    const [first, second] = instanceDbs().map((db) => createScheduler({ db, clock, logger, jobs: [job] }));

    for (let due = 0; due < 5; due++) {
      // Both instances check at once, then again within the same due time.
      const ran = await Promise.all([first!.runDue(), second!.runDue()]);
      expect(ran.flat()).toEqual([job.name]);
      expect(await Promise.all([first!.runDue(), second!.runDue()])).toEqual([[], []]);
      expect(runs).toHaveLength(due + 1);
      clock.advance(MINUTE - 1);
      expect(await Promise.all([first!.runDue(), second!.runDue()])).toEqual([[], []]);
      clock.advance(1);
    }
    expect(runs.map((run) => run.getTime() - runs[0]!.getTime())).toEqual(
      [0, 1, 2, 3, 4].map((n) => n * MINUTE),
    );
    expect(lines.filter((line) => line.level !== "debug")).toEqual([]);
    await Promise.all([first!.stop(), second!.stop()]);
  });

  it("does not run a job again because an instance restarts, and skips the runs missed while all were down", async () => {
    const clock = createTestClock();
    const { job, runs } = countingJob();
    const { logger } = recordingLogger();
    const [db] = instanceDbs();
    const before = createScheduler({ db, clock, logger, jobs: [job] });
    expect(await before.runDue()).toEqual([job.name]);
    await before.stop();

    const restarted = createScheduler({ db, clock, logger, jobs: [job] });
    expect(await restarted.runDue()).toEqual([]);
    clock.advance(10 * MINUTE);
    expect(await restarted.runDue()).toEqual([job.name]);
    expect(await restarted.runDue()).toEqual([]);
    clock.advance(MINUTE);
    expect(await restarted.runDue()).toEqual([job.name]);
    expect(runs).toHaveLength(3);
    await restarted.stop();
  });

  it("logs a failing job, records its error, and runs it again at the next due time", async () => {
    const clock = createTestClock();
    let attempts = 0;
    const { job } = countingJob({
      run: async () => {
        attempts++;
        if (attempts === 1) throw new Error("mail server unreachable");
      },
    });
    const { logger, lines } = recordingLogger();
    const [firstDb, secondDb] = instanceDbs();
    const first = createScheduler({ db: firstDb, clock, logger, jobs: [job] });
    const second = createScheduler({ db: secondDb, clock, logger, jobs: [job] });

    expect(await first.runDue()).toEqual([job.name]);
    expect(attempts).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: "error", message: expect.stringContaining(job.name) }),
    ]);
    const row = async () =>
      (await firstDb.select().from(scheduledJobs).where(eq(scheduledJobs.name, job.name)))[0]!;
    expect(await row()).toMatchObject({ lastError: "mail server unreachable", lockedUntil: null });
    // Not again within the same due time, on either instance.
    expect(await second.runDue()).toEqual([]);

    clock.advance(MINUTE);
    expect(await second.runDue()).toEqual([job.name]);
    expect(attempts).toBe(2);
    expect(await row()).toMatchObject({ lastError: null, lockedUntil: null });
    expect(lines).toHaveLength(1);
    await Promise.all([first.stop(), second.stop()]);
  });

  it("keeps a run that outlasts its interval from starting again elsewhere until it ends", async () => {
    const clock = createTestClock();
    let release = () => {};
    const firstRunHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { job, runs } = countingJob({
      run: async (now) => {
        runs.push(now);
        if (runs.length === 1) await firstRunHeld;
      },
    });
    const { logger } = recordingLogger();
    const [firstDb, secondDb] = instanceDbs();
    const first = createScheduler({ db: firstDb, clock, logger, jobs: [job] });
    const second = createScheduler({ db: secondDb, clock, logger, jobs: [job] });

    const running = first.runDue();
    await expect.poll(() => runs.length).toBe(1);
    clock.advance(MINUTE / 2);
    expect(await second.runDue()).toEqual([]);
    clock.advance(MINUTE / 2);
    // Due again, but still held by the first instance's run, within its lease.
    expect(await second.runDue()).toEqual([]);
    clock.advance(DEFAULT_LEASE_MS - 2 * MINUTE);
    expect(await second.runDue()).toEqual([]);
    release();
    expect(await running).toEqual([job.name]);
    expect(await second.runDue()).toEqual([job.name]);
    expect(runs).toHaveLength(2);
    await Promise.all([first.stop(), second.stop()]);
  });

  it("runs instance jobs on every instance, each on its own rhythm", async () => {
    const clock = createTestClock();
    const { job, runs } = countingJob({ scope: "instance", runAtStart: false });
    const { logger } = recordingLogger();
    const schedulers = instanceDbs().map((db) => createScheduler({ db, clock, logger, jobs: [job] }));
    expect((await Promise.all(schedulers.map((s) => s.runDue()))).flat()).toEqual([]);
    clock.advance(MINUTE);
    expect((await Promise.all(schedulers.map((s) => s.runDue()))).flat()).toEqual([job.name, job.name]);
    expect((await Promise.all(schedulers.map((s) => s.runDue()))).flat()).toEqual([]);
    expect(runs).toHaveLength(2);
    await Promise.all(schedulers.map((s) => s.stop()));
  });

  it("stop() waits for the job running and starts none after", async () => {
    const clock = createTestClock();
    let release = () => {};
    let finished = false;
    const { job, runs } = countingJob({
      run: async (now) => {
        runs.push(now);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        finished = true;
      },
    });
    const { logger } = recordingLogger();
    const scheduler = createScheduler({
      db: database.handle.db,
      clock,
      logger,
      jobs: [job],
      tickMs: 60 * MINUTE,
    });
    scheduler.start();
    await expect.poll(() => runs.length).toBe(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    clock.advance(10 * MINUTE);
    expect(await scheduler.runDue()).toEqual([]);
    expect(runs).toHaveLength(1);
  });
});
