import { type DashboardStats, dashboardStats } from "@shared/dashboard.schema";
import { calendarDayAround } from "@shared/zoned-time";
import { unauthenticated } from "../http/api-error";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { ok } from "../http/respond";
import { readBookingStats } from "../repos/booking-stats.repo";
import { findBusinessTimezone } from "../repos/businesses.repo";
import { readCallStats } from "../repos/call-stats.repo";
import { dashboardStatsExample } from "./calls.examples";

const RECENT_CALLS = 5;

/** The dashboard's figures, from real data. */
export function dashboardRoutes({ db, clock }: Pick<AppDeps, "db" | "clock">, guards: RouteGuards) {
  const router = new ApiRouter("/api/dashboard", guards);

  router.add(
    {
      method: "get",
      path: "/stats",
      summary: "Today's calls and answer rate, all-time totals, and the latest calls",
      description:
        "Today is the business's calendar day in its own timezone. Answered = completed + in-progress; " +
        "missed = missed + failed (missedCalls too, over all time). answerRate is round(100 · answered / " +
        `calls today), null when no call came today. recentCalls are the latest ${RECENT_CALLS}. ` +
        "newBookings counts the bookings created today, whatever their status now; googleCalendarSynced " +
        "stays 0 until bookings are synced to an online calendar.",
      auth: "user",
      response: dashboardStats,
      examples: { response: dashboardStatsExample },
      errors: [],
    },
    async (c) => {
      const { businessId } = c.get("auth");
      const timezone = await findBusinessTimezone(db, businessId);
      if (!timezone) throw unauthenticated();
      const today = calendarDayAround(clock(), timezone);
      const [calls, bookings] = await Promise.all([
        readCallStats(db, businessId, today, RECENT_CALLS),
        readBookingStats(db, businessId, today),
      ]);
      const stats: DashboardStats = {
        ...calls,
        ...bookings,
        answerRate: calls.callsToday > 0 ? Math.round((100 * calls.answeredToday) / calls.callsToday) : null,
        timezone,
      };
      return ok(c, stats);
    },
  );

  return router;
}
