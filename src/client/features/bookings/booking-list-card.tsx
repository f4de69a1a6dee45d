import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { BOOKINGS_PAGE_SIZE } from "@shared/booking.constants";
import type { Booking } from "@shared/booking.schema";
import { useQuery } from "@tanstack/react-query";
import { CalendarX } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { css } from "styled-system/css";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { LoadFailureMessage } from "../../components/load-failure-message";
import { Pagination } from "../../components/pagination";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { useApi } from "../../lib/api-context";
import { useBusinessTimeZone } from "../../lib/business-timezone";
import type { BookingActionType } from "./booking-actions";
import { BookingFilters } from "./booking-filters";
import { BookingListSkeleton } from "./booking-list-skeleton";
import { BookingTable } from "./booking-table";
import { bookingQueries } from "./bookings.queries";
import { bookingsSearch, DEFAULT_BOOKING_SCOPE, useBookingsSearch } from "./bookings-search";
import { useBookingAction } from "./use-booking-action";

// The dialog (Ark's date picker, its machine) is not needed to show the list: it loads after it.
const loadRescheduleDialog = () =>
  import("./reschedule-dialog").then((m) => ({ default: m.RescheduleDialog }));
const RescheduleDialog = lazy(loadRescheduleDialog);

/** Spec 2 "Bookings": filters, the page of bookings with their actions, pagination; loading and empty states. */
export function BookingListCard() {
  const { t } = useLingui();
  const api = useApi();
  const titleId = useId();
  const [search, setSearch] = useBookingsSearch();
  const { status, page } = search;
  const scope = search.scope ?? DEFAULT_BOOKING_SCOPE;
  const query = useQuery(bookingQueries.list(api, { page, status, scope }));
  const zone = useBusinessTimeZone();
  // Without the business's timezone (its request failed) the device's clock is the best there is.
  const timeZone = zone.data ?? (zone.isError ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined);
  const actions = useBookingAction();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [rescheduling, setRescheduling] = useState<Booking | null>(null);
  const [rescheduleUsed, setRescheduleUsed] = useState(false);
  if (rescheduling && !rescheduleUsed) setRescheduleUsed(true);
  useEffect(() => {
    void loadRescheduleDialog();
  }, []);

  const list = query.data;
  const total = list?.total ?? 0;
  // A page past the end (an old link, or bookings gone from this filter since) shows the last page instead.
  const overshoot = list && !query.isPlaceholderData && page > Math.max(list.totalPages, 1);
  useEffect(() => {
    if (overshoot) setSearch({ ...search, page: Math.max(list.totalPages, 1) }, { replace: true });
  }, [overshoot, list, search, setSearch]);

  const onAction = (booking: Booking, action: BookingActionType) => {
    if (action === "cancel") setCancelling(booking);
    else if (action === "reschedule") setRescheduling(booking);
    else actions.run(booking, { type: action });
  };

  const shownPage = list ? Math.min(page, Math.max(list.totalPages, 1)) : page;
  const start = (shownPage - 1) * BOOKINGS_PAGE_SIZE + 1;
  const end = Math.min(shownPage * BOOKINGS_PAGE_SIZE, total);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>
          <Trans>Appointments</Trans>
        </CardTitle>
        <CardDescription aria-live="polite">
          {list ? (
            <Plural value={total} one="# booking" other="# bookings" />
          ) : query.isPending ? (
            <Trans>Loading bookings...</Trans>
          ) : null}
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
              aria-busy={query.isPlaceholderData || undefined}
              className={css({ transition: "opacity 150ms", "&[aria-busy=true]": { opacity: 0.6 } })}
            >
              <BookingTable
                bookings={list.data}
                timeZone={timeZone}
                busy={actions.pending}
                onAction={onAction}
              />
            </div>
          )
        ) : query.isError ? (
          <LoadErrorAlert title={<Trans>Error loading bookings</Trans>} onRetry={() => void query.refetch()}>
            <LoadFailureMessage error={query.error} missing={<Trans>Failed to fetch bookings</Trans>} />
          </LoadErrorAlert>
        ) : (
          <BookingListSkeleton />
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
      <ConfirmDialog
        target={cancelling}
        title={(booking) => t`Cancel the booking of ${booking.customerName}?`}
        description={t`Its time becomes free for other bookings. A cancelled booking cannot be changed again.`}
        confirmLabel={<Trans>Cancel booking</Trans>}
        pendingLabel={<Trans>Cancelling...</Trans>}
        pending={actions.pending}
        onCancel={() => setCancelling(null)}
        onConfirm={(booking) =>
          void actions.act(booking, { type: "cancel" }).then(
            () => setCancelling(null),
            // The toast says why; the question is over either way.
            () => setCancelling(null),
          )
        }
      />
      <Suspense fallback={null}>
        {rescheduleUsed ? (
          <RescheduleDialog booking={rescheduling} onClose={() => setRescheduling(null)} />
        ) : null}
      </Suspense>
    </Card>
  );
}
