import { type } from "arktype";
import { callSummary } from "./calls.schema";

/**
 * GET /api/dashboard/stats (spec 3 "Dashboard stats", from real data). "Today" is the business's
 * calendar day in its own timezone. `answerRate` is a whole percentage, null when no call came today.
 */
export const dashboardStats = type({
  callsToday: "number.integer >= 0",
  answeredToday: "number.integer >= 0",
  missedToday: "number.integer >= 0",
  answerRate: "0 <= number.integer <= 100 | null",
  newBookings: "number.integer >= 0",
  googleCalendarSynced: "number.integer >= 0",
  totalCalls: "number.integer >= 0",
  missedCalls: "number.integer >= 0",
  timezone: "string",
  recentCalls: callSummary.array(),
});
export type DashboardStats = typeof dashboardStats.infer;
