import type { AvailabilityRules, Slot } from "@shared/availability.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { isTenantReadCurrent, tenantReadMark } from "../db/tenant-read-cache";
import type { SlotInputsQuestion } from "../repos/slot-inputs.repo";
import { type DaySlots, printedSlot, type SlotWindow, slotWindowOf } from "./slot-engine";

/** What free slots are made of: a call changes none of it. */
const SLOT_DATA = ["bookings", "business", "catalogue"] as const;

/** What one question's slots were computed from, besides the tenant's data as of `mark`. */
export type KeptDaySlots = {
  timezone: string;
  rules: Pick<AvailabilityRules, "minimumNoticeMinutes" | "bookingHorizonDays" | "slotStepMinutes">;
  /** The days the slots were computed for (see slotWindowOf; none when firstDay is after lastDay): a new day of `now` moves them. */
  firstDay: CalendarDate;
  lastDay: CalendarDate;
  slots: DaySlots;
};

type Entry = KeptDaySlots & {
  client: object;
  mark: number;
  /** Slots printed so far, by index (a month is printed once, not on every answer). */
  printed: Slot[];
  /** The last answer and where it was cut: the same array again while `now` cuts the same slots. */
  last?: { first: number; end: number; slots: readonly Slot[] };
};

/** Slots kept at once, all questions together (~16 bytes each, plus what is printed): past it, start over. */
const MAX_SLOTS = 2_000_000;
const MAX_QUESTIONS = 5_000;

/** What a question asks: the service, the days, and "now" (it cuts the first and last slots). */
export type DaySlotsQuestion = SlotInputsQuestion & { now: Date; limit: number };

/**
 * The free slots each question was last answered with, kept until what they are made of changes (bookings,
 * opening hours, blackouts, rules, services, timezone: tenantChanged; not calls) — exact, not a time to live. What is
 * kept is every slot of the days asked before notice and horizon cut it (daySlots); each answer cuts it with
 * its own `now`, so the same question asked a minute later loses the slots its notice now covers and gains
 * those its horizon reaches, exactly as a fresh computation would. Only on the embedded database (the caller
 * passes its client), where this process sees every write.
 */
export function createDaySlotsCache() {
  const entries = new Map<string, Entry>();
  let keptSlots = 0;
  const keyOf = (q: DaySlotsQuestion) => `${q.businessId} ${q.serviceId} ${q.from} ${q.to}`;

  /** The answer of `entry` as of `window`: the same array as last time when it cuts the same slots. */
  const cut = (entry: Entry, window: SlotWindow, limit: number): readonly Slot[] => {
    const { starts, ends } = entry.slots;
    let first = 0;
    while (first < starts.length && starts[first]! < window.earliest) first++;
    let end = starts.length;
    while (end > first && starts[end - 1]! > window.latest) end--;
    end = Math.min(end, first + limit);
    if (entry.last?.first === first && entry.last.end === end) return entry.last.slots;
    const slots: Slot[] = [];
    for (let i = first; i < end; i++) {
      entry.printed[i] ??= printedSlot(entry.slots.zone, { start: starts[i]!, end: ends[i]! });
      slots.push(entry.printed[i]!);
    }
    entry.last = { first, end, slots };
    return slots;
  };

  return {
    /** The mark to keep with what is computed: take it before reading anything it is computed from. */
    mark: tenantReadMark,

    /** The kept answer, or undefined when there is none for `client` or the business changed since. */
    find(client: object, question: DaySlotsQuestion): readonly Slot[] | undefined {
      const entry = entries.get(keyOf(question));
      if (
        !entry ||
        entry.client !== client ||
        !isTenantReadCurrent(question.businessId, entry.mark, SLOT_DATA)
      )
        return undefined;
      const window = slotWindowOf({
        timeZone: entry.timezone,
        from: question.from,
        to: question.to,
        now: question.now,
        rules: entry.rules,
      });
      if (window.firstDay !== entry.firstDay || window.lastDay !== entry.lastDay) return undefined;
      return cut(entry, window, question.limit);
    },

    /** Keeps what was computed from the business's data as read from `mark` on, and answers with it. */
    keep(
      client: object,
      mark: number,
      question: DaySlotsQuestion,
      kept: KeptDaySlots,
      window: SlotWindow,
    ): readonly Slot[] {
      const entry: Entry = { ...kept, client, mark, printed: [] };
      const key = keyOf(question);
      const replaced = entries.get(key);
      if (replaced) keptSlots -= replaced.slots.starts.length;
      if (keptSlots + kept.slots.starts.length > MAX_SLOTS || entries.size >= MAX_QUESTIONS) {
        entries.clear();
        keptSlots = 0;
      }
      entries.set(key, entry);
      keptSlots += kept.slots.starts.length;
      return cut(entry, window, question.limit);
    },
  };
}
