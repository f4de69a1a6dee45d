import { PGlite } from "@electric-sql/pglite";
import type { Context } from "hono";
import type { Database } from "../db/database";
import {
  isTenantReadCurrent,
  TENANT_CHANGES,
  type TenantChange,
  tenantReadMark,
} from "../db/tenant-read-cache";
import type { AppEnv } from "./app-env";
import { okPrepared, type PreparedJson, prepareOk } from "./respond";

/** Bytes of answer text kept for all tenants together; past it the least recently asked go first. */
const MAX_BYTES = 32 * 1024 * 1024;
/** A larger answer (a hundred long rows) is sent but not kept: it would push out many small ones. */
const MAX_ANSWER_BYTES = 256 * 1024;

type Kept = {
  tenantId: string;
  mark: number;
  /** The kinds of the tenant's data the answer is made of. */
  reads: readonly TenantChange[];
  /** Epoch ms from and up to which the answer holds whatever else happens (a list cut at now, a day's figures). */
  validFrom: number;
  validUntil: number;
  body: PreparedJson;
  bytes: number;
};

/**
 * What a kept answer depends on besides its request: the kinds of the tenant's data it is made of, and the
 * instants between which the clock leaves it as it is (unbounded when not given).
 */
export type AnswerKeep = { reads: readonly TenantChange[]; validFrom?: Date; validUntil?: Date | null };

type Shared = { body: PreparedJson; validFrom: number; validUntil: number } | null;

const holdsAt = (answer: { validFrom: number; validUntil: number }, now: Date) =>
  answer.validFrom <= now.getTime() && now.getTime() <= answer.validUntil;

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
   * Answers `data` and keeps it for the same request of the same tenant while none of the kinds of the
   * tenant's data it `reads` changes (`mark`: tenantReadMark taken before the data was read) and while the
   * clock stays within its `validFrom`..`validUntil`.
   */
  answer(c: Context<AppEnv>, mark: number, data: unknown, keep: AnswerKeep): Response;
  /** Call once the request is answered, however: requests waiting on a read that failed read for themselves. */
  release(c: Context<AppEnv>): void;
};

/**
 * The answers of a tenant's read routes kept in memory between the writes that change them: exact, not a
 * time to live. A read is kept under its tenant and its request (path and query string as sent, so a hit is
 * answered before the query is even parsed) with the tenant's change mark it began at, and dropped as soon as
 * a change of what it is made of is reported (tenantChanged: by the bookings writer, the calls writer, or the
 * settings repos, e.g. for its timezone; each route names the kinds it reads). Requests for an answer being read meanwhile wait for that read: after a
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
      if (entry && isTenantReadCurrent(entry.tenantId, entry.mark, entry.reads) && holdsAt(entry, now)) {
        kept.delete(key);
        kept.set(key, entry);
        return okPrepared(c, entry.body);
      }
      if (entry) drop(key, entry);
      const tenantId = c.get("auth").businessId;
      const flight = inFlight.get(key);
      // Joined only while nothing of the tenant changed since that read began (what it reads is known once
      // it is answered): its answer is as new as ours.
      if (flight && isTenantReadCurrent(tenantId, flight.mark, TENANT_CHANGES)) {
        const shared = await flight.answer;
        if (shared && holdsAt(shared, now)) return okPrepared(c, shared.body);
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
    answer(c, mark, data, { reads, validFrom, validUntil }) {
      const body = prepareOk(data);
      const tenantId = c.get("auth").businessId;
      const from = validFrom?.getTime() ?? -Infinity;
      const until = validUntil?.getTime() ?? Infinity;
      // Those waiting asked before any change since this read began (see find).
      settle(c, { body, validFrom: from, validUntil: until });
      // A read that began before a change is answered to its own caller but never kept.
      if (body.length <= MAX_ANSWER_BYTES && isTenantReadCurrent(tenantId, mark, reads)) {
        const key = keyOf(c);
        const known = kept.get(key);
        if (known) drop(key, known);
        const entry = {
          tenantId,
          mark,
          reads,
          validFrom: from,
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
