import { PGlite } from "@electric-sql/pglite";
import type { Context } from "hono";
import type { Database } from "../db/database";
import { isTenantReadCurrent } from "../db/tenant-read-cache";
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

/** What a route needs to answer from, and add to, its kept answers. */
export type TenantAnswers = {
  /** The kept answer to this exact request of the signed-in tenant, when it still holds; else null. */
  find(c: Context<AppEnv>, now: Date): Response | null;
  /**
   * Answers `data` and keeps it for the same request of the same tenant while nothing of the tenant changes
   * (`mark`: tenantReadMark taken before the data was read) and, given `validUntil`, until that instant.
   */
  answer(c: Context<AppEnv>, mark: number, data: unknown, validUntil?: Date | null): Response;
};

/**
 * The answers of a tenant's read routes kept in memory between the writes that change them: exact, not a
 * time to live. A read is kept under its tenant and its request (path and query string as sent, so a hit is
 * answered before the query is even parsed) with the tenant's change mark it began at, and dropped as soon as
 * any change of the tenant is reported (tenantChanged: its bookings, its calls — see api-router.ts — or its
 * settings, such as its timezone). Memory is bounded in bytes, least recently asked first out.
 *
 * Only on the embedded database, where this process owns the data and sees every write; with DATABASE_URL
 * another instance may write, so every read goes to the database.
 */
export function createTenantAnswers(db: Database): TenantAnswers {
  if (!(db.$client instanceof PGlite)) {
    return { find: () => null, answer: (c, _mark, data) => okPrepared(c, prepareOk(data)) };
  }
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently asked first.
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const keyOf = (c: Context<AppEnv>) => `${c.get("auth").businessId} ${c.req.url}`;
  const drop = (key: string, entry: Kept) => {
    kept.delete(key);
    bytes -= entry.bytes;
  };

  return {
    find(c, now) {
      const key = keyOf(c);
      const entry = kept.get(key);
      if (!entry) return null;
      if (!isTenantReadCurrent(entry.tenantId, entry.mark) || now.getTime() > entry.validUntil) {
        drop(key, entry);
        return null;
      }
      kept.delete(key);
      kept.set(key, entry);
      return okPrepared(c, entry.body);
    },
    answer(c, mark, data, validUntil) {
      const body = prepareOk(data);
      const tenantId = c.get("auth").businessId;
      // A read that began before a change is answered to its own caller but never kept.
      if (body.length <= MAX_ANSWER_BYTES && isTenantReadCurrent(tenantId, mark)) {
        const key = keyOf(c);
        const known = kept.get(key);
        if (known) drop(key, known);
        const entry = {
          tenantId,
          mark,
          validUntil: validUntil?.getTime() ?? Infinity,
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
  };
}
