import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarClock } from "lucide-react";
import { Suspense, useState } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { Link } from "wouter";
import { PageHeader } from "../../components/ui/page-header";
import { SegmentGroup } from "../../components/ui/segment-group";
import { Skeleton } from "../../components/ui/skeleton";
import { preloadable } from "../../lib/preloadable";
import { BookingListCard } from "./booking-list-card";
import { useCalendarSearch } from "./calendar/calendar-search";

// The calendar and the booking panel are their own chunks: the list does not wait for them.
const BookingsCalendar = preloadable(() =>
  import("./calendar/bookings-calendar").then((m) => ({ default: m.BookingsCalendar })),
);
// Opened at the calendar, the page fetches its code at once rather than at its first render.
if (new URLSearchParams(window.location.search).get("view") === "calendar") void BookingsCalendar.preload();
const BookingPanel = preloadable(() =>
  import("./calendar/booking-panel").then((m) => ({ default: m.BookingPanel })),
);

export function BookingsPage() {
  const { t } = useLingui();
  const [calendar, setCalendar] = useCalendarSearch();
  // Once opened, the panel stays mounted: closing it then animates and gives focus back to what opened it.
  const [panelLoaded, setPanelLoaded] = useState(false);
  if (calendar.booking && !panelLoaded) setPanelLoaded(true);
  return (
    <>
      <PageHeader
        title={t({ id: "nav.bookings", message: "Bookings" })}
        description={t`Review, confirm and reschedule your customers' appointments`}
        actions={
          <Link
            href="/availability"
            className={cx(button({ variant: "outline" }), css({ textDecoration: "none" }))}
          >
            <CalendarClock aria-hidden="true" />
            <Trans>Availability</Trans>
          </Link>
        }
      />
      <SegmentGroup
        label={t`View`}
        value={calendar.view}
        items={[
          { value: "list", label: t`List` },
          { value: "calendar", label: t`Calendar` },
        ]}
        onValueChange={(view) => setCalendar({ view })}
        className={css({ mb: "4" })}
      />
      {calendar.view === "calendar" ? (
        <Suspense fallback={<Skeleton className={css({ h: "96" })} />}>
          <BookingsCalendar />
        </Suspense>
      ) : (
        <BookingListCard />
      )}
      {panelLoaded ? (
        <Suspense fallback={null}>
          <BookingPanel />
        </Suspense>
      ) : null}
    </>
  );
}
