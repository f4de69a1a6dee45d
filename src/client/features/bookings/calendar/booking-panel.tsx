import { Trans, useLingui } from "@lingui/react/macro";
import type { BookingDetail, BookingSource } from "@shared/booking.schema";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { BookingStatusTag } from "../../../components/booking-status-look";
import { customerNameOf } from "../../../components/customer-name";
import { LoadFailureMessage } from "../../../components/failure-text";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { Drawer } from "../../../components/ui/drawer";
import { Skeleton } from "../../../components/ui/skeleton";
import { WarningNotice } from "../../../components/warning-notice";
import { useApi } from "../../../lib/api-context";
import { useBusinessTimeZone } from "../../../lib/business-timezone";
import { describeLoadFailure } from "../../../lib/error-wording";
import { appointmentFormat, dateTimeFormat } from "../../../lib/zoned-format";
import { bookingQueries } from "../bookings.queries";
import { BookingCallLink } from "./booking-call-link";
import { BookingPanelActions } from "./booking-panel-actions";
import { BookingTimeline } from "./booking-timeline";
import { useCalendarSearch } from "./calendar-search";

const section = css({ display: "flex", flexDirection: "column", gap: "2" });
const sectionTitle = css({ fontSize: "md", fontWeight: "semibold" });

/** The side panel of the booking the URL names (?booking=id), from the calendar or the list. */
export function BookingPanel() {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useCalendarSearch();
  const api = useApi();
  const zone = useBusinessTimeZone(Boolean(search.booking));
  const detail = useQuery({
    ...bookingQueries.detail(api, search.booking ?? ""),
    enabled: Boolean(search.booking),
  });
  const booking = detail.data;
  const timeZone = zone.data;
  return (
    <Drawer
      open={Boolean(search.booking)}
      onOpenChange={(open) => {
        if (!open) setSearch({ booking: undefined }, { replace: true });
      }}
      variant="right"
      width="min(100vw, 28rem)"
      title={booking ? customerNameOf(booking, i18n) : t`Booking`}
      closeLabel={t`Close booking details`}
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "6", p: "6", pt: "2" })}>
        {detail.isError && describeLoadFailure(detail.error).kind === "notFound" ? (
          <p role="alert" data-booking-gone="">
            <Trans>This booking no longer exists. It may have been deleted with its business data.</Trans>
          </p>
        ) : detail.isError || zone.isError ? (
          <LoadErrorAlert
            title={<Trans>Error loading booking</Trans>}
            onRetry={() => void (detail.isError ? detail.refetch() : zone.refetch())}
          >
            <LoadFailureMessage
              error={detail.error ?? zone.error}
              missing={<Trans>Failed to fetch booking</Trans>}
            />
          </LoadErrorAlert>
        ) : !booking || !timeZone ? (
          <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <span className={css({ srOnly: true })}>
              <Trans>Loading booking...</Trans>
            </span>
            <Skeleton className={css({ h: "6", w: "40" })} />
            <Skeleton className={css({ h: "32" })} />
            <Skeleton className={css({ h: "24" })} />
          </div>
        ) : (
          <BookingDetails booking={booking} timeZone={timeZone} />
        )}
      </div>
    </Drawer>
  );
}

function BookingDetails({ booking, timeZone }: { booking: BookingDetail; timeZone: string }) {
  const { t, i18n } = useLingui();
  const when = dateTimeFormat(i18n.locale, timeZone);
  const appointment = appointmentFormat(i18n.locale, timeZone);
  const sources: Record<BookingSource, string> = {
    assistant: t`Booked by the assistant`,
    staff: t`Added by staff`,
  };
  // The detail names its own currency: the price never waits for, nor disagrees with, the company's.
  const price = new Intl.NumberFormat(i18n.locale, { style: "currency", currency: booking.currency }).format(
    booking.price,
  );
  const minutes = booking.durationMinutes;
  return (
    <>
      <BookingStatusTag status={booking.status} className={css({ fontSize: "sm" })} />
      <CalendarNotes booking={booking} when={when} />
      <dl
        className={css({
          display: "grid",
          gridTemplateColumns: "auto minmax(0, 1fr)",
          gap: "2 4",
          fontSize: "sm",
          "& dt": { color: "fg.muted" },
          "& dd": { overflowWrap: "anywhere" },
        })}
      >
        <Fact term={<Trans>Customer</Trans>}>{customerNameOf(booking, i18n)}</Fact>
        <Fact term={<Trans>Phone</Trans>}>{booking.customerPhone}</Fact>
        <Fact term={<Trans>Service</Trans>}>{booking.serviceName ?? <Trans>No service</Trans>}</Fact>
        <Fact term={<Trans>When</Trans>}>
          {appointment(booking.startTime, booking.endTime)} <Trans>({minutes} min)</Trans>
        </Fact>
        <Fact term={<Trans>Price</Trans>}>{price}</Fact>
        <Fact term={<Trans>Source</Trans>}>{sources[booking.source]}</Fact>
        <Fact term={<Trans>Booked on</Trans>}>{when(booking.createdAt)}</Fact>
        <Fact term={<Trans>Notes</Trans>}>{booking.notes ?? <Trans>No notes</Trans>}</Fact>
      </dl>
      <BookingPanelActions booking={booking} />
      <section aria-labelledby="booking-call" className={section}>
        <h3 id="booking-call" className={sectionTitle}>
          <Trans>Call</Trans>
        </h3>
        <BookingCallLink call={booking.call} />
      </section>
      <section aria-labelledby="booking-timeline" className={section}>
        <h3 id="booking-timeline" className={sectionTitle}>
          <Trans>Timeline</Trans>
        </h3>
        <BookingTimeline events={booking.timeline} timeZone={timeZone} />
      </section>
    </>
  );
}

/**
 * What the online calendar did to this booking that staff must decide on: its event deleted there (never
 * taken for a cancellation), or a move made there that breaks a rule (the booking stayed).
 */
function CalendarNotes({ booking, when }: { booking: BookingDetail; when: (iso: string) => string }) {
  const deletedAt = booking.calendar?.deletedInGoogleAt;
  const refusal = booking.calendar?.moveRefusal;
  return (
    <>
      {deletedAt ? (
        <WarningNotice title={<Trans>Deleted in Google Calendar</Trans>}>
          <Trans>
            Its event was deleted in Google Calendar on {when(deletedAt)}. The booking stands until you
            decide: cancel it if the appointment is off, or restore the event in Google Calendar to keep it
            there.
          </Trans>
        </WarningNotice>
      ) : null}
      {refusal ? (
        <WarningNotice title={<Trans>A move in Google Calendar was not taken</Trans>}>
          {refusal.movedTo ? (
            <Trans>It was moved to {when(refusal.movedTo)} there. The booking keeps its time here:</Trans>
          ) : (
            <Trans>The booking keeps its time here:</Trans>
          )}{" "}
          {refusal.code === "OUTSIDE_HOURS" ? (
            <Trans>That time is outside the opening hours.</Trans>
          ) : refusal.code === "SLOT_TAKEN" ? (
            <Trans>Another booking holds that time.</Trans>
          ) : (
            <Trans>That time breaks a booking rule.</Trans>
          )}{" "}
          <Trans>Move the event back in Google Calendar, or reschedule or cancel the booking here.</Trans>
        </WarningNotice>
      ) : null}
    </>
  );
}

function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
