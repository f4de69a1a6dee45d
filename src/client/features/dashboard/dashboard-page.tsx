import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, Percent, PhoneCall } from "lucide-react";
import { useDeferredValue } from "react";
import { css } from "styled-system/css";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { PageHeader } from "../../components/ui/page-header";
import { useApi } from "../../lib/api-context";
import { dashboardQueries } from "./dashboard.queries";
import { KpiCard } from "./kpi-card";
import { RecentActivityCard } from "./recent-activity-card";

/** Spec 2 Dashboard, from GET /api/dashboard/stats (no sample figures). */
export function DashboardPage() {
  const { t, i18n } = useLingui();
  const api = useApi();
  // Deferred: an answer arriving re-renders in a transition, which React splits into short tasks, instead of
  // one long synchronous render of the whole list.
  const query = useDeferredValue(useQuery(dashboardQueries.stats(api)));
  const stats = query.data;
  const number = (value: number) => i18n.number(value);
  const failed = !stats && query.isError;
  const answered = stats ? number(stats.answeredToday) : "";
  const missed = stats ? number(stats.missedToday) : "";
  const synced = stats ? number(stats.googleCalendarSynced) : "";

  return (
    <>
      <PageHeader
        title={t({ id: "nav.dashboard", message: "Dashboard" })}
        description={t`Overview of your voice assistant performance and bookings`}
      />
      {failed ? (
        <LoadErrorAlert
          title={<Trans>Error loading the dashboard</Trans>}
          className={css({ mb: "6" })}
          onRetry={() => void query.refetch()}
          error={query.error}
        />
      ) : (
        <>
          <div
            className={css({
              display: "grid",
              gridTemplateColumns: { base: "1fr", md: "repeat(3, minmax(0, 1fr))" },
              gap: "4",
              mb: "6",
            })}
          >
            <KpiCard
              title={<Trans>Calls today</Trans>}
              icon={PhoneCall}
              value={stats && number(stats.callsToday)}
            />
            <KpiCard
              title={<Trans>Answer rate</Trans>}
              icon={Percent}
              value={
                stats &&
                (stats.answerRate === null ? "—" : i18n.number(stats.answerRate / 100, { style: "percent" }))
              }
              detail={
                stats && (
                  <Trans>
                    {answered} answered, {missed} missed
                  </Trans>
                )
              }
            />
            <KpiCard
              title={<Trans>New bookings</Trans>}
              icon={CalendarCheck}
              value={stats && number(stats.newBookings)}
              detail={stats && <Trans>{synced} synced to the online calendar</Trans>}
            />
          </div>
          <RecentActivityCard calls={stats?.recentCalls} timeZone={stats?.timezone} />
        </>
      )}
    </>
  );
}
