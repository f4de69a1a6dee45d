import {
  type AvailabilityRules,
  type AvailabilityUpdate,
  availabilityRules,
  availabilityUpdate,
  type BlackoutDateInput,
  blackoutDateInput,
  type WeeklySchedule,
  weeklySchedule,
} from "@shared/availability.schema";
import { type } from "arktype";
import { type BlackoutProblem, type RangeProblem, type RuleName, rangeKey } from "./availability-problems";

// The shared schemas the server checks with, read by the forms. Loaded apart (use-availability-validation.ts):
// arktype is too heavy for the page's first paint.

export const isValidUpdate = (update: AvailabilityUpdate) =>
  !(availabilityUpdate(update) instanceof type.errors);

/** What is wrong with the schedule, per range (the view words each kind in the user's language). */
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

/** The rules the schema refuses, by name. */
export function ruleProblems(rules: AvailabilityRules): Set<RuleName> {
  const out = availabilityRules(rules);
  if (!(out instanceof type.errors)) return new Set();
  return new Set(
    out.map((error) => error.path[0]).filter((name): name is RuleName => typeof name === "string"),
  );
}

const BLACKOUT_FIELDS = ["startDate", "startTime", "endDate", "endTime"] as const satisfies BlackoutProblem[];

/** What the schema refuses in a new blackout, as the one field to point at; null when nothing. */
export function blackoutProblem(input: BlackoutDateInput): BlackoutProblem | null {
  const out = blackoutDateInput(input);
  if (!(out instanceof type.errors)) return null;
  // In the form's order: arktype lists a record's errors by key, and an empty form would be told of its last day.
  const names = new Set(out.map((error) => error.path[0]));
  return BLACKOUT_FIELDS.find((name) => names.has(name)) ?? "endTime";
}
