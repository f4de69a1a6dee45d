import { Plural, Trans } from "@lingui/react/macro";
import { BOOKINGS_PAGE_SIZE } from "@shared/booking.constants";
import type { Booking } from "@shared/booking.schema";
import { useQuery } from "@tanstack/react-query";
import { CalendarX } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { css } from "styled-system/css";
import { LoadFailureMessage } from "../../components/failure-text";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Pagination } from "../../components/pagination";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { RowsSkeleton } from "../../components/ui/skeleton";
import { useApi } from "../../lib/api-context";
import { useShownTimeZone } from "../../lib/business-timezone";
import { BookingFilters } from "./booking-filters";
import { BookingTable } from "./booking-table";
import { bookingQueries } from "./bookings.queries";
import { bookingsSearch, DEFAULT_BOOKING_SCOPE, useBookingsSearch } from "./bookings-search";
import { useBookingActionDialogs } from "./use-booking-action-dialogs";

/** Spec 2 "Bookings": filters, the page of bookings with their actions, pagination; loading and empty states. */
export function BookingListCard() {
  const api = useApi();
  const titleId = useId();
  const [search, setSearch] = useBookingsSearch();
  const { status, page } = search;
  const scope = search.scope ?? DEFAULT_BOOKING_SCOPE;
  const query = useQuery(bookingQueries.list(api, { page, status, scope }));
  const timeZone = useShownTimeZone();
  const rowsRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const actions = useBookingActionDialogs({
    // The row's own link, which stays whatever the booking's status.
    focusAfter: (booking: Booking) =>
      rowsRef.current?.querySelector<HTMLElement>(
        `[data-booking="${CSS.escape(booking._id)}"] [data-part=open]`,
      ) ?? null,
    focusWhenEmptied: () => headingRef.current,
  });

  const list = query.data;
  const total = list?.total ?? 0;
  // A page past the end (an old link, or bookings gone from this filter since) shows the last page instead.
  const overshoot = list && !query.isPlaceholderData && page > Math.max(list.totalPages, 1);
  useEffect(() => {
    if (overshoot) setSearch({ ...search, page: Math.max(list.totalPages, 1) }, { replace: true });
  }, [overshoot, list, search, setSearch]);

  const shownPage = list ? Math.min(page, Math.max(list.totalPages, 1)) : page;
  const start = (shownPage - 1) * BOOKINGS_PAGE_SIZE + 1;
  const end = Math.min(shownPage * BOOKINGS_PAGE_SIZE, total);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} ref={headingRef} tabIndex={-1}>
          <Trans>Appointments</Trans>
        </CardTitle>
        <CardDescription aria-live="polite">
          {list ? (
            <Plural value={total} one="# booking" other="# bookings" />
          ) : query.isError ? null : (
            <Trans>Loading bookings...</Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardBody className={css({ gap: "4" })}>
        <BookingFilters search={search} onChange={setSearch} />
        {list && timeZone ? (
          list.data.length === 0 ? (
            <EmptyState icon={CalendarX} title={<Trans>No bookings found</Trans>}>
              {bookingsSearch.hasFilters(search) ? <Trans>No booking matches these filters.</Trans> : null}
            </EmptyState>
          ) : (
            <div
              ref={rowsRef}
              aria-busy={query.isPlaceholderData || undefined}
              className={css({ transition: "opacity 150ms", "&[aria-busy=true]": { opacity: 0.6 } })}
            >
              <BookingTable
                bookings={list.data}
                timeZone={timeZone}
                busy={actions.pending}
                onAction={actions.onAction}
              />
            </div>
          )
        ) : query.isError ? (
          <LoadErrorAlert title={<Trans>Error loading bookings</Trans>} onRetry={() => void query.refetch()}>
            <LoadFailureMessage error={query.error} missing={<Trans>Failed to fetch bookings</Trans>} />
          </LoadErrorAlert>
        ) : (
          // Spec 2: pulse rows while the first page loads (the card's description says so in words).
          <RowsSkeleton
            rows={5}
            title={css({ w: "32" })}
            detail={css({ w: "24" })}
            columns={[css({ h: "4", w: "28" }), css({ h: "4", w: "32" }), css({ h: "5", w: "20" })]}
          />
        )}
        {list && list.total > BOOKINGS_PAGE_SIZE ? (
          <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
            <p className={css({ fontSize: "sm", color: "fg.muted" })} data-part="showing">
              <Trans>
                Showing {start}-{end} of {total} bookings
              </Trans>
            </p>
            <Pagination
              page={shownPage}
              totalPages={list.totalPages}
              onChange={(next) => setSearch({ ...search, page: next })}
            />
          </div>
        ) : null}
      </CardBody>
      {actions.dialogs}
    </Card>
  );
}
