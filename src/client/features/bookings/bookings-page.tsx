import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarClock } from "lucide-react";
import { Suspense } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { Link } from "wouter";
import { PageHeader } from "../../components/ui/page-header";
import { SegmentGroup } from "../../components/ui/segment-group";
import { preloadable } from "../../lib/preloadable";
import { BookingListCard } from "./booking-list-card";
import { BookingPanel } from "./calendar/booking-panel";
import { BookingsToReview } from "./calendar/bookings-to-review";
import { useCalendarSearch } from "./calendar/calendar-search";
import { CalendarSkeleton } from "./calendar/calendar-skeleton";

// The calendar view (FullCalendar, ~80 KB gzip) loads when it is shown, not with the list.
const BookingsCalendar = preloadable(() =>
  import("./calendar/bookings-calendar").then((module) => module.BookingsCalendar),
);

export function BookingsPage() {
  const { t } = useLingui();
  const [calendar, setCalendar] = useCalendarSearch();
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
      <BookingsToReview />
      {calendar.view === "calendar" ? (
        <Suspense fallback={<CalendarSkeleton />}>
          <BookingsCalendar />
        </Suspense>
      ) : (
        <BookingListCard />
      )}
      <BookingPanel />
    </>
  );
}
