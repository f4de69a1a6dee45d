import { type DashboardStats, dashboardStats } from "@shared/dashboard.schema";
import { calendarDayAround } from "@shared/zoned-time";
import { createBoundedMap } from "../bounded-map";
import { dashboardStatsExample } from "../calls/calls.examples";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { ok } from "../http/respond";
import { createBusinessTimezones } from "../time/business-timezones";
import { readDashboardFiguresInZone } from "./dashboard-stats.repo";

const RECENT_CALLS = 5;
/** Timezones whose today is remembered at once; past it the memory starts over. */
const MAX_REMEMBERED_DAYS = 1_000;

/**
 * The calendar day in a timezone that holds `clock()`, remembered while the clock stays inside it: the day
 * holding an instant is the one whose bounds contain it, so this is exact, and it spares the Intl formatting
 * that finding the day costs (a large share of a request's JavaScript).
 */
function createTodayFinder(clock: AppDeps["clock"]) {
  const days = createBoundedMap<string, { start: Date; end: Date }>(MAX_REMEMBERED_DAYS);
  return (timezone: string) => {
    const now = clock();
    const known = days.get(timezone);
    if (known && known.start <= now && now < known.end) return known;
    const day = calendarDayAround(now, timezone);
    days.set(timezone, day);
    return day;
  };
}

/** The dashboard's figures, from real data. */
export function dashboardRoutes({ db, clock }: Pick<AppDeps, "db" | "clock">, guards: RouteGuards) {
  const router = new ApiRouter("/api/dashboard", guards);
  const inBusinessTimezone = createBusinessTimezones(db);
  const todayIn = createTodayFinder(clock);

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
        "how many of those have their event in the connected Google Calendar (not deleted there).",
      auth: "user",
      response: dashboardStats,
      examples: { response: dashboardStatsExample },
      errors: [],
    },
    async (c) => {
      const { businessId } = c.get("auth");
      const figures = await inBusinessTimezone(businessId, (timezone) =>
        readDashboardFiguresInZone(db, businessId, timezone, todayIn(timezone), RECENT_CALLS),
      );
      const stats: DashboardStats = {
        ...figures,
        answerRate:
          figures.callsToday > 0 ? Math.round((100 * figures.answeredToday) / figures.callsToday) : null,
      };
      return ok(c, stats);
    },
  );

  return router;
}
