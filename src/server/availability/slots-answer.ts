import { AVAILABILITY_LIMITS, slotList, slotsAlongside, slotsQuery } from "@shared/availability.schema";
import type { Context } from "hono";
import { okPrepared, prepareOk } from "../http/respond";
import { slotListExample, slotsQueryExample } from "./availability.examples";
import type { SlotAnswer } from "./slot-engine";
import { SLOTS_DESCRIPTION } from "./slots.description";

const SLOTS_MAX = AVAILABILITY_LIMITS.slotsPerAnswerMax;

/** The header of an answer cut at SLOTS_MAX, as both slots routes document it. */
export const SLOTS_RESPONSE_HEADERS = {
  "X-Slots-Truncated": `"true" when the days asked hold more than ${SLOTS_MAX} slots: the answer is the first ${SLOTS_MAX}; ask again from the day of the last one for the rest`,
};

/** GET …/slots as both callers' routes declare it; each adds its summary and how it signs in. */
export const SLOTS_ROUTE = {
  method: "get",
  path: "/slots",
  description: SLOTS_DESCRIPTION,
  query: slotsQuery,
  response: slotList,
  alongside: slotsAlongside,
  responseHeaders: SLOTS_RESPONSE_HEADERS,
  examples: { query: slotsQueryExample, response: slotListExample },
  errors: ["NOT_FOUND", "BOOKING_STATUS"],
} as const;

/**
 * The slots as an answer: at most SLOTS_MAX of them, the first in time order, and X-Slots-Truncated when the
 * finder found more (it stops one past the limit). 62 round-the-clock days at a 1-minute step are ~89,000
 * slots, 6 MB of JSON and half a second of the one thread every request shares. Beside `data`: why it is
 * empty (emptyReason, null when it is not) and the last day the booking horizon reaches (lastBookableDay).
 */
export function slotsAnswer(c: Context, answer: SlotAnswer) {
  const truncated = answer.slots.length > SLOTS_MAX;
  if (truncated) c.header("X-Slots-Truncated", "true");
  const data = truncated ? answer.slots.slice(0, SLOTS_MAX) : answer.slots;
  const { emptyReason, lastBookableDay } = answer;
  return okPrepared(c, prepareOk(data, { emptyReason, lastBookableDay }));
}
