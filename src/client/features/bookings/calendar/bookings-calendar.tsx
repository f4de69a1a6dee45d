import { Trans, useLingui } from "@lingui/react/macro";
import { BOOKING_STATUSES } from "@shared/booking.constants";
import type { CalendarBusyTime } from "@shared/calendar.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { calendarDateAt } from "@shared/zoned-time";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { css } from "styled-system/css";
import { useMediaQuery } from "../../../app/shell/use-media-query";
import { BookingStatusTag } from "../../../components/booking-status-look";
import { LoadFailureMessage } from "../../../components/failure-text";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { Button } from "../../../components/ui/button";
import { Card, CardBody } from "../../../components/ui/card";
import { IconButton } from "../../../components/ui/icon-button";
import { SegmentGroup } from "../../../components/ui/segment-group";
import { useNow } from "../../../components/use-now";
import { useApi } from "../../../lib/api-context";
import { useBusinessTimeZone } from "../../../lib/business-timezone";
import { calendarBusyQuery } from "../../../lib/calendar-busy";
import { addDays, calendarDateFormat, mondayOf } from "../../../lib/calendar-week";
import { bookingQueries } from "../bookings.queries";
import { BookingsFullCalendar } from "./bookings-full-calendar";
import { type CalendarSpan, calendarViewOf, shownDays, stepDate } from "./calendar-range";
import { useCalendarSearch } from "./calendar-search";
import { CalendarSkeleton } from "./calendar-skeleton";

const NO_BUSY_TIMES: readonly CalendarBusyTime[] = [];
/** Below md (48em) seven columns do not fit: the week and the month are lists of days there. */
const NARROW = "(max-width: 47.99em)";

/**
 * The calendar view of /bookings, loaded only when it is shown (bookings-page.tsx imports it lazily: with
 * FullCalendar it weighs more than the rest of the page). The bookings as a day, a week or a month in the business's timezone; a booking opens its panel
 * (?booking=id); the connected Google Calendar's busy times shaded behind them.
 */
export function BookingsCalendar() {
  const zone = useBusinessTimeZone();
  if (zone.isError)
    return (
      <LoadErrorAlert
        title={<Trans>The calendar could not be loaded</Trans>}
        onRetry={() => void zone.refetch()}
      >
        <LoadFailureMessage error={zone.error} missing={<Trans>Failed to fetch availability</Trans>} />
      </LoadErrorAlert>
    );
  if (!zone.data) return <CalendarSkeleton />;
  return <ZonedCalendar timeZone={zone.data} />;
}

function ZonedCalendar({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const now = useNow();
  const narrow = useMediaQuery(NARROW);
  const [search, setSearch] = useCalendarSearch();
  const today = calendarDateAt(new Date(now), timeZone);
  const date = search.date ?? today;
  const days = shownDays(search.span, date);
  const range = { from: days[0]!, to: days.at(-1)! };
  const bookings = useQuery(bookingQueries.calendar(api, range));
  // Shading is a help, not the content: without it (no calendar, or its read failed) the bookings still show.
  const busy = useQuery(calendarBusyQuery(api, range)).data ?? NO_BUSY_TIMES;
  const go = (patch: { span?: CalendarSpan; date?: CalendarDate }) =>
    setSearch({ ...patch, date: patch.date === today ? undefined : patch.date }, { replace: false });
  const { view, look } = calendarViewOf(search.span, narrow);
  const steps = {
    day: { previous: t`Previous day`, next: t`Next day` },
    week: { previous: t`Previous week`, next: t`Next week` },
    month: { previous: t`Previous month`, next: t`Next month` },
  }[search.span];
  const title =
    search.span === "month"
      ? calendarDateFormat(i18n.locale, { month: "long", year: "numeric" })(date)
      : search.span === "day"
        ? calendarDateFormat(i18n.locale, {
            weekday: "long",
            day: "numeric",
            month: "long",
            year: "numeric",
          })(date)
        : weekTitle(i18n.locale, mondayOf(date));
  const isCurrent =
    days.includes(today) && (search.span !== "month" || date.slice(0, 7) === today.slice(0, 7));

  return (
    <Card>
      <CardBody className={css({ gap: "4", pt: "6" })}>
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" })}>
          <div className={css({ display: "flex", gap: "1", alignItems: "center" })}>
            <IconButton
              variant="outline"
              size="sm"
              aria-label={steps.previous}
              onClick={() => go({ date: stepDate(search.span, date, -1) })}
            >
              <ChevronLeft aria-hidden="true" />
            </IconButton>
            <Button variant="outline" size="sm" disabled={isCurrent} onClick={() => go({ date: today })}>
              <Trans>Today</Trans>
            </Button>
            <IconButton
              variant="outline"
              size="sm"
              aria-label={steps.next}
              onClick={() => go({ date: stepDate(search.span, date, 1) })}
            >
              <ChevronRight aria-hidden="true" />
            </IconButton>
          </div>
          <h2
            aria-live="polite"
            className={css({
              fontSize: "lg",
              fontWeight: "semibold",
              flex: "1 1 12rem",
              minW: "0",
              // "listopad 2026" → "Listopad 2026"; only the first letter, not every word of a date.
              _firstLetter: { textTransform: "uppercase" },
            })}
          >
            {title}
          </h2>
          <SpanSwitch span={search.span} onSpan={(span) => go({ span, date: search.date })} />
        </div>
        {bookings.isError ? (
          <LoadErrorAlert
            title={<Trans>Error loading bookings</Trans>}
            onRetry={() => void bookings.refetch()}
          >
            <LoadFailureMessage error={bookings.error} missing={<Trans>Failed to fetch bookings</Trans>} />
          </LoadErrorAlert>
        ) : !bookings.data ? (
          <CalendarSkeleton />
        ) : (
          <div aria-busy={bookings.isFetching || undefined} data-range={`${range.from}/${range.to}`}>
            <BookingsFullCalendar
              view={view}
              look={look}
              date={date}
              timeZone={timeZone}
              bookings={bookings.data}
              busy={busy}
              now={now}
              onOpen={(id) => setSearch({ booking: id })}
            />
          </div>
        )}
        <StatusLegend />
        <p className={css({ fontSize: "xs", color: "fg.muted" })}>
          <Trans>Times in your business's time zone ({timeZone}).</Trans>
        </p>
      </CardBody>
    </Card>
  );
}

/** "Nov 23 – 29, 2026" in the interface language (dates name days, so they are read in UTC). */
function weekTitle(locale: string, monday: CalendarDate) {
  const format = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const day = (date: CalendarDate) => new Date(`${date}T00:00:00Z`);
  return format.formatRange(day(monday), day(addDays(monday, 6)));
}

/** Day, week or month. */
function SpanSwitch({ span, onSpan }: { span: CalendarSpan; onSpan: (span: CalendarSpan) => void }) {
  const { t } = useLingui();
  return (
    <SegmentGroup
      label={t`Calendar range`}
      value={span}
      items={[
        { value: "day", label: t`Day` },
        { value: "week", label: t`Week` },
        { value: "month", label: t`Month` },
      ]}
      onValueChange={onSpan}
    />
  );
}

function StatusLegend() {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Status colours`} className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
      {BOOKING_STATUSES.map((status) => (
        <li key={status}>
          <BookingStatusTag status={status} />
        </li>
      ))}
    </ul>
  );
}
