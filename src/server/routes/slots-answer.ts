import { AVAILABILITY_LIMITS, type Slot } from "@shared/availability.schema";
import type { Context } from "hono";
import { ok } from "../http/respond";

const SLOTS_MAX = AVAILABILITY_LIMITS.slotsPerAnswerMax;

/** The header of an answer cut at SLOTS_MAX, as both slots routes document it. */
export const SLOTS_RESPONSE_HEADERS = {
  "X-Slots-Truncated": `"true" when the days asked hold more than ${SLOTS_MAX} slots: the answer is the first ${SLOTS_MAX}; ask again from the day of the last one for the rest`,
};

/**
 * The slots as an answer: at most SLOTS_MAX of them, the first in time order, and X-Slots-Truncated when the
 * finder found more (it stops one past the limit). 62 round-the-clock days at a 1-minute step are ~89,000
 * slots, 6 MB of JSON and half a second of the one thread every request shares.
 */
export function slotsAnswer(c: Context, slots: Slot[]) {
  if (slots.length <= SLOTS_MAX) return ok(c, slots);
  c.header("X-Slots-Truncated", "true");
  return ok(c, slots.slice(0, SLOTS_MAX));
}
