import { sql } from "drizzle-orm";
import { createAccount } from "../../src/server/auth/accounts";
import { normalizeEmail } from "../../src/server/auth/users.repo";
import { type BulkCall, insertCallsBulk } from "../../src/server/calls/calls-write.repo";
import type { Database } from "../../src/server/db/database";
import { createCallGenerator } from "../../src/server/demo/call-generator";
import { bulkCallOf } from "../../src/server/demo/demo-calls";
import { COMPANY_DEFAULTS } from "../../src/shared/company-defaults";

export type VolumeTenant = { email: string; password: string; calls: number };
export type SeededTenant = { email: string; businessId: string };

/** Distinct generated calls per tenant; the rest repeat their content at other times under other ids. */
const DISTINCT_CALLS = 1000;
/** Calls per day the history is spread at (older history for bigger tenants). */
const CALLS_PER_DAY = 150;

/**
 * Fills a database with call volume for load tests and benchmarks: per tenant, a business with one staff
 * account and `calls` finished calls ending just before `now`, through the same bulk path as the demo seed
 * then VACUUM ANALYZE.
 *
 * For a benchmark against the real server: open the data directory with openDatabase, migrate, call this,
 * close, then start the server on the same DATA_DIR.
 */
export async function seedCallVolume(
  db: Database,
  tenants: readonly VolumeTenant[],
  now: Date,
): Promise<SeededTenant[]> {
  const seeded: SeededTenant[] = [];
  for (const [index, tenant] of tenants.entries()) {
    const user = await createAccount(db, normalizeEmail(tenant.email), tenant.password, new Date());
    const generator = createCallGenerator({
      seed: index + 1,
      idPrefix: "volume",
      companyName: user.businessName,
      timezone: COMPANY_DEFAULTS.timezone,
      workingHours: { start: COMPANY_DEFAULTS.workingHoursStart, end: COMPANY_DEFAULTS.workingHoursEnd },
      workingDays: COMPANY_DEFAULTS.workingDays,
    });
    const spacingMs = (24 * 60 * 60 * 1000) / CALLS_PER_DAY;
    const distinct = Array.from({ length: Math.min(DISTINCT_CALLS, tenant.calls) }, (_, i) =>
      bulkCallOf(generator.finishedCall(new Date(now.getTime() - (i + 1) * spacingMs))),
    );
    const calls: BulkCall[] = Array.from({ length: tenant.calls }, (_, i) => ({
      ...distinct[i % distinct.length]!,
      externalId: `volume-${index}-${i}`,
      // Oldest first, a little jitter so start times are not a perfect grid.
      startedAt: new Date(now.getTime() - (tenant.calls - i) * spacingMs + ((i * 7919) % 60_000)),
    }));
    await insertCallsBulk(db, user.businessId, calls, now);
    seeded.push({ email: user.email, businessId: user.businessId });
  }
  // What autovacuum would do next (PGlite has none; the server vacuums every ten minutes): planner statistics, a
  // visibility map for index-only scans, and no dead versions of the counters every bulk statement updated.
  await db.execute(sql`vacuum analyze calls, call_counts`);
  return seeded;
}
