import { AVAILABILITY_LIMITS } from "@shared/availability.constants";
import type { AvailabilityRules } from "@shared/availability.schema";

export type RangeProblem = "time" | "endBeforeStart" | "overlap";
export type RuleName = keyof AvailabilityRules;
export type BlackoutProblem = "startDate" | "endDate" | "startTime" | "endTime";

/** Where a range sits: weekday key and index, e.g. "1.0". */
export const rangeKey = (day: string, index: number) => `${day}.${index}`;

/** Each rule's allowed range, from the shared limits. */
export const RULE_LIMITS: Record<RuleName, { min: number; max: number }> = {
  bufferBeforeMinutes: { min: 0, max: AVAILABILITY_LIMITS.bufferMinutesMax },
  bufferAfterMinutes: { min: 0, max: AVAILABILITY_LIMITS.bufferMinutesMax },
  minimumNoticeMinutes: { min: 0, max: AVAILABILITY_LIMITS.minimumNoticeMinutesMax },
  bookingHorizonDays: { min: 1, max: AVAILABILITY_LIMITS.bookingHorizonDaysMax },
  slotStepMinutes: { min: 1, max: AVAILABILITY_LIMITS.slotStepMinutesMax },
};
