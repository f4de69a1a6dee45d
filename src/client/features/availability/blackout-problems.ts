import { type BlackoutDateInput, blackoutDateInput } from "@shared/availability.schema";
import { type } from "arktype";

export type BlackoutProblem = "startDate" | "endDate" | "times" | "endTime";

/** What the shared schema (the server's) refuses in a new blackout, as the one field to point at. */
export function blackoutProblem(input: BlackoutDateInput): BlackoutProblem | null {
  const out = blackoutDateInput(input);
  if (!(out instanceof type.errors)) return null;
  const [first] = out;
  const name = first?.path[0];
  if (name === "startDate") return "startDate";
  if (name === "endDate") return "endDate";
  if (first?.expected?.includes("after startTime")) return "endTime";
  return "times";
}
