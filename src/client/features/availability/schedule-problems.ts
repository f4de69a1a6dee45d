import {
  AVAILABILITY_LIMITS,
  type AvailabilityRules,
  availabilityRules,
  type WeeklySchedule,
  weeklySchedule,
} from "@shared/availability.schema";
import { type } from "arktype";

export type RangeProblem = "time" | "endBeforeStart" | "overlap";
export type RuleName = keyof AvailabilityRules;

/** Where a range sits: weekday key and index, e.g. "1.0". */
export const rangeKey = (day: string, index: number) => `${day}.${index}`;

/**
 * What the shared schema (the one the server checks with) finds wrong with the schedule, per range: the view
 * words each kind in the user's language next to the range it is about.
 */
export function scheduleProblems(schedule: WeeklySchedule): Map<string, RangeProblem> {
  const problems = new Map<string, RangeProblem>();
  const out = weeklySchedule(schedule);
  if (!(out instanceof type.errors)) return problems;
  for (const error of out) {
    const [day, index] = error.path;
    if (typeof day !== "string" || typeof index !== "number") continue;
    const key = rangeKey(day, index);
    if (problems.has(key)) continue;
    if (error.expected?.includes("overlaps")) problems.set(key, "overlap");
    else if (error.expected?.includes("after start")) problems.set(key, "endBeforeStart");
    else problems.set(key, "time");
  }
  return problems;
}

/** The rules the shared schema refuses, by name. */
export function ruleProblems(rules: AvailabilityRules): Set<RuleName> {
  const out = availabilityRules(rules);
  if (!(out instanceof type.errors)) return new Set();
  return new Set(
    out.map((error) => error.path[0]).filter((name): name is RuleName => typeof name === "string"),
  );
}

/** Each rule's allowed range, from the shared limits. */
export const RULE_LIMITS: Record<RuleName, { min: number; max: number }> = {
  bufferBeforeMinutes: { min: 0, max: AVAILABILITY_LIMITS.bufferMinutesMax },
  bufferAfterMinutes: { min: 0, max: AVAILABILITY_LIMITS.bufferMinutesMax },
  minimumNoticeMinutes: { min: 0, max: AVAILABILITY_LIMITS.minimumNoticeMinutesMax },
  bookingHorizonDays: { min: 1, max: AVAILABILITY_LIMITS.bookingHorizonDaysMax },
  slotStepMinutes: { min: 1, max: AVAILABILITY_LIMITS.slotStepMinutesMax },
};
