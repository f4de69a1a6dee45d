import { rm } from "node:fs/promises";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { backoffMs } from "../outbox/outbox-backoff";
import type { ScheduledJob } from "../scheduler/scheduler";
import {
  type ClaimedCopy,
  claimRecordingCopies,
  dropErasure,
  dropTombstone,
  listErasures,
  markCopyFailed,
  markCopyStored,
  releaseClaim,
} from "./recording-copies.repo";
import { DOWNLOAD_TIMEOUT_MS, type RecordingFetcher } from "./recording-fetch";
import { onRecordingCopiesChanged } from "./recording-signal";
import type { RecordingStorage } from "./recording-storage";

/** How often every instance's jobs are looked at (due retries, jobs another instance wrote, lost claims). */
export const RECORDING_SCAN_MS = 30_000;
/**
 * A claim's lease: the download's own limit and then ample time to store the file. No other worker takes the
 * job, nor deletes its file, before it ends, so a copy still being written cannot outlive its tombstone.
 */
export const RECORDING_LEASE_MS = DOWNLOAD_TIMEOUT_MS + 10 * 60_000;
/** Attempts before a copy gives up: with the waits below, the platform has about two hours to answer. */
export const MAX_COPY_ATTEMPTS = 8;
/** The first retry waits about 30 s, each next twice as long, up to 30 minutes (links last hours or days). */
export const COPY_BACKOFF = { baseMs: 30_000, capMs: 30 * 60_000 };
/** Jobs claimed at once: downloads run side by side, each a stream to disk. */
const PER_ROUND = 4;

export type RecordingCopier = {
  /** The shared scheduled scan (see scheduler.ts); its run resolves once every due job is done. */
  job: ScheduledJob;
  /** Starts listening for this process's job writes. */
  start(): void;
  /** No round starts after this; resolves once the running one is over. */
  stop(): Promise<void>;
};

/**
 * Copies call recordings from the platforms' links into our storage, and deletes the copies whose calls or
 * links are gone (tombstones) and those of deleted businesses (erasures). A round starts right after this
 * process writes jobs and on the scheduled scan; jobs are claimed with a lease (see claimRecordingCopies), so
 * instances share the work and a crashed one's jobs come back when its lease ends.
 */
export function createRecordingCopier(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  storage: RecordingStorage;
  fetch: RecordingFetcher;
}): RecordingCopier {
  const { db, clock, logger, storage } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let unsubscribe: (() => void) | null = null;

  /** Copies or deletes; false when the row changed meanwhile (re-linked, discarded) and keeps the claim. */
  const settle = async (job: ClaimedCopy): Promise<boolean> => {
    const key = { businessId: job.businessId, callId: job.callId };
    if (job.state === "discarded") {
      await storage.delete(key);
      return dropTombstone(db, job);
    }
    const outcome = await deps.fetch(job.sourceUrl);
    const now = clock();
    if ("file" in outcome) {
      try {
        await storage.put(key, outcome.file);
      } finally {
        await rm(outcome.file.path, { force: true });
      }
      return markCopyStored(db, job, outcome.file, now);
    }
    const failure = outcome.retry
      ? job.attempts >= MAX_COPY_ATTEMPTS
        ? { state: "failed" as const }
        : { retryAt: new Date(now.getTime() + backoffMs(job.attempts, Math.random, COPY_BACKOFF)) }
      : { state: outcome.state };
    logger.warn(`Recording copy of call ${job.callId} failed (attempt ${job.attempts}): ${outcome.reason}`);
    return markCopyFailed(db, job, failure, outcome.reason);
  };

  const copy = async (job: ClaimedCopy) => {
    // Re-linked or discarded meanwhile: the claim is let go, and the row's new state decides at once (a copy
    // from the new link, or the file's deletion).
    if (!(await settle(job))) await releaseClaim(db, job);
  };

  /** The files of deleted businesses; each erasure is kept until no copy claimed before it can still land. */
  const erase = async (now: Date) => {
    for (const erasure of await listErasures(db)) {
      await storage.deleteBusiness(erasure.businessId);
      if (now.getTime() - new Date(erasure.requestedAt).getTime() >= RECORDING_LEASE_MS)
        await dropErasure(db, erasure.businessId);
    }
  };

  /** Rounds until nothing is due; a job that fails unexpectedly (storage, database) waits for its lease. */
  const drain = async () => {
    do {
      again = false;
      const now = clock();
      await erase(now);
      for (;;) {
        const claimed = await claimRecordingCopies(db, now, RECORDING_LEASE_MS, PER_ROUND);
        await Promise.all(
          claimed.map((job) =>
            copy(job).catch((error: unknown) =>
              logger.error(`Recording copy of call ${job.callId} failed; tried again after its lease`, error),
            ),
          ),
        );
        if (claimed.length < PER_ROUND || stopped) break;
      }
    } while (again && !stopped);
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) =>
        logger.warn("Recording copies could not be claimed; the next scan tries again", error),
      )
      .finally(() => {
        running = null;
        if (again && !stopped) kick();
      });
  };

  return {
    job: {
      name: "recording-copies",
      scope: "shared",
      everyMs: RECORDING_SCAN_MS,
      runAtStart: true,
      run: async () => {
        kick();
        // Resolves once this scan's round, and any a nudge asked for meanwhile, are over.
        while (running) await running;
      },
    },
    start() {
      unsubscribe ??= onRecordingCopiesChanged(() => {
        // After the writer's own continuation (its commit, usually).
        setImmediate(kick);
      });
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      await running;
    },
  };
}
