import { sql } from "drizzle-orm";
import type { Logger } from "../logger";
import type { Database } from "./database";

const MINUTE_MS = 60_000;

/**
 * PGlite has no autovacuum, so nothing ever invalidates the plans its one connection caches (the PL/pgSQL
 * call functions keep theirs for the connection's lifetime). A plan made while `calls` was empty picks an
 * index at random and keeps scanning with it as the table grows; PostgreSQL would replan after autoanalyze.
 * Discarding the cached plans every minute bounds that to a minute, for the price of one replan each.
 */
export function schedulePlanRefresh(deps: { db: Database; logger: Logger }) {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = deps.db.execute(sql`discard plans`).then(
      () => undefined,
      (error) => deps.logger.warn("Discarding cached plans failed", error),
    );
  }, MINUTE_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
