import { PGlite } from "@electric-sql/pglite";
import type { Context } from "hono";
import type { Database } from "../db/database";
import { isTenantReadCurrent, tenantReadMark } from "../db/tenant-read-cache";
import type { AppEnv } from "./app-env";
import { okPrepared, type PreparedJson, prepareOk } from "./respond";

/** Bytes of answer text kept for all tenants together; past it the least recently asked go first. */
const MAX_BYTES = 32 * 1024 * 1024;
/** A larger answer (a hundred long rows) is sent but not kept: it would push out many small ones. */
const MAX_ANSWER_BYTES = 256 * 1024;

type Kept = {
  tenantId: string;
  mark: number;
  /** Epoch ms up to which the answer holds whatever else happens (a list cut at now); Infinity if always. */
  validUntil: number;
  body: PreparedJson;
  bytes: number;
};

type Shared = { body: PreparedJson; validUntil: number } | null;

/** A read under way for an answer: requests for the same answer meanwhile wait for it rather than read too. */
type InFlight = { tenantId: string; mark: number; answer: Promise<Shared>; settle: (answer: Shared) => void };

/** What a route needs to answer from, and add to, its kept answers. */
export type TenantAnswers = {
  /**
   * The kept answer to this exact request of the signed-in tenant when it still holds, or the answer of the
   * same read under way; else null, and this request's own read is awaited by the next ones until `release`.
   */
  find(c: Context<AppEnv>, now: Date): Promise<Response | null>;
  /**
   * Answers `data` and keeps it for the same request of the same tenant while nothing of the tenant changes
   * (`mark`: tenantReadMark taken before the data was read) and, given `validUntil`, until that instant.
   */
  answer(c: Context<AppEnv>, mark: number, data: unknown, validUntil?: Date | null): Response;
  /** Call once the request is answered, however: requests waiting on a read that failed read for themselves. */
  release(c: Context<AppEnv>): void;
};

/**
 * The answers of a tenant's read routes kept in memory between the writes that change them: exact, not a
 * time to live. A read is kept under its tenant and its request (path and query string as sent, so a hit is
 * answered before the query is even parsed) with the tenant's change mark it began at, and dropped as soon as
 * any change of the tenant is reported (tenantChanged: by the bookings writer, the calls writer, or the
 * settings repos, e.g. for its timezone). Requests for an answer being read meanwhile wait for that read: after a
 * write, ten connections asking for the same page cost one read, not ten. Memory is bounded in bytes, least
 * recently asked first out.
 *
 * Only on the embedded database, where this process owns the data and sees every write; with DATABASE_URL
 * another instance may write, so every read goes to the database.
 */
export function createTenantAnswers(db: Database): TenantAnswers {
  if (!(db.$client instanceof PGlite)) {
    return {
      find: async () => null,
      answer: (c, _mark, data) => okPrepared(c, prepareOk(data)),
      release: () => {},
    };
  }
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently asked first.
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const keyOf = (c: Context<AppEnv>) => `${c.get("auth").businessId} ${c.req.url}`;
  const drop = (key: string, entry: Kept) => {
    kept.delete(key);
    bytes -= entry.bytes;
  };
  const inFlight = new Map<string, InFlight>();
  const reading = new WeakMap<Context<AppEnv>, { key: string; flight: InFlight }>();
  const settle = (c: Context<AppEnv>, answer: Shared) => {
    const own = reading.get(c);
    if (!own) return;
    reading.delete(c);
    if (inFlight.get(own.key) === own.flight) inFlight.delete(own.key);
    own.flight.settle(answer);
  };

  return {
    async find(c, now) {
      const key = keyOf(c);
      const entry = kept.get(key);
      if (entry && isTenantReadCurrent(entry.tenantId, entry.mark) && now.getTime() <= entry.validUntil) {
        kept.delete(key);
        kept.set(key, entry);
        return okPrepared(c, entry.body);
      }
      if (entry) drop(key, entry);
      const tenantId = c.get("auth").businessId;
      const flight = inFlight.get(key);
      // Joined only while nothing of the tenant changed since that read began: its answer is as new as ours.
      if (flight && isTenantReadCurrent(tenantId, flight.mark)) {
        const shared = await flight.answer;
        if (shared && now.getTime() <= shared.validUntil) return okPrepared(c, shared.body);
        return null;
      }
      let resolve: (answer: Shared) => void = () => {};
      const answer = new Promise<Shared>((settled) => {
        resolve = settled;
      });
      const own: InFlight = { tenantId, mark: tenantReadMark(), answer, settle: resolve };
      inFlight.set(key, own);
      reading.set(c, { key, flight: own });
      return null;
    },
    answer(c, mark, data, validUntil) {
      const body = prepareOk(data);
      const tenantId = c.get("auth").businessId;
      const until = validUntil?.getTime() ?? Infinity;
      // Those waiting asked before any change since this read began (see find).
      settle(c, { body, validUntil: until });
      // A read that began before a change is answered to its own caller but never kept.
      if (body.length <= MAX_ANSWER_BYTES && isTenantReadCurrent(tenantId, mark)) {
        const key = keyOf(c);
        const known = kept.get(key);
        if (known) drop(key, known);
        const entry = {
          tenantId,
          mark,
          validUntil: until,
          body,
          bytes: body.length,
        };
        kept.set(key, entry);
        bytes += entry.bytes;
        for (const [oldKey, old] of kept) {
          if (bytes <= MAX_BYTES) break;
          drop(oldKey, old);
        }
      }
      return okPrepared(c, body);
    },
    release: (c) => settle(c, null),
  };
}
