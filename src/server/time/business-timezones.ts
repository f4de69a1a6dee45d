import { createBoundedMap } from "../bounded-map";
import { findBusinessTimezone } from "../company/businesses.repo";
import type { Database } from "../db/database";
import { unauthenticated } from "../refusal";

/** What a zoned read answers when the timezone it was given is no longer the business's (null: no business). */
export type TimezoneMoved = { currentTimezone: string | null };

const moved = (answer: object): answer is TimezoneMoved => "currentTimezone" in answer;

/** Enough for every business of a large installation. */
const MAX_ENTRIES = 10_000;

/**
 * Runs reads that depend on a business's timezone with the timezone last seen for it, and without asking
 * for it first: each such read's own statement checks it (see calls_page_in_zone) and, when the business
 * has moved, answers TimezoneMoved, and the read runs once more in the new timezone.
 */
export function createBusinessTimezones(db: Database) {
  const seen = createBoundedMap<string, string>(MAX_ENTRIES);
  return async function inBusinessTimezone<T extends object>(
    businessId: string,
    read: (timezone: string) => Promise<T | TimezoneMoved>,
  ): Promise<T> {
    let timezone = seen.get(businessId) ?? (await findBusinessTimezone(db, businessId));
    for (let attempt = 1; timezone !== null && attempt <= 2; attempt++) {
      const answer = await read(timezone);
      if (!moved(answer)) {
        seen.set(businessId, timezone);
        return answer;
      }
      seen.delete(businessId);
      timezone = answer.currentTimezone;
    }
    throw unauthenticated();
  };
}
