import { AVAILABILITY_LIMITS, type Slot } from "@shared/availability.schema";
import type { Context } from "hono";
import { okPrepared, type PreparedJson, prepareOk } from "../http/respond";

const SLOTS_MAX = AVAILABILITY_LIMITS.slotsPerAnswerMax;

/** The header of an answer cut at SLOTS_MAX, as both slots routes document it. */
export const SLOTS_RESPONSE_HEADERS = {
  "X-Slots-Truncated": `"true" when the days asked hold more than ${SLOTS_MAX} slots: the answer is the first ${SLOTS_MAX}; ask again from the day of the last one for the rest`,
};

type Prepared = { body: PreparedJson; truncated: boolean };

/** Each list of slots as sent: the finder answers an unchanged question with the same array (see slot-finder). */
const preparedOf = new WeakMap<readonly Slot[], Prepared>();

function prepared(slots: readonly Slot[]): Prepared {
  let known = preparedOf.get(slots);
  if (!known) {
    const truncated = slots.length > SLOTS_MAX;
    known = { body: prepareOk(truncated ? slots.slice(0, SLOTS_MAX) : slots), truncated };
    preparedOf.set(slots, known);
  }
  return known;
}

/**
 * The slots as an answer: at most SLOTS_MAX of them, the first in time order, and X-Slots-Truncated when the
 * finder found more (it stops one past the limit). 62 round-the-clock days at a 1-minute step are ~89,000
 * slots, 6 MB of JSON and half a second of the one thread every request shares. The same list is printed and
 * gzipped once, however often it is sent.
 */
export function slotsAnswer(c: Context, slots: readonly Slot[]) {
  const { body, truncated } = prepared(slots);
  if (truncated) c.header("X-Slots-Truncated", "true");
  return okPrepared(c, body);
}
