import { Trans, useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import { css, cx } from "styled-system/css";
import { Link, useLocation, useSearch } from "wouter";
import { BookingStatusTag } from "../../components/booking-status-look";
import { customerNameOf } from "../../components/customer-name";
import { ResponsiveTable, type TableColumn } from "../../components/responsive-table";
import { rowLink, rowLinkRow } from "../../components/row-link";
import { dayFormat, shortDateTimeFormat, timeOfDayFormat } from "../../lib/zoned-format";
import type { BookingActionType } from "./booking-actions";
import { BookingRowActions } from "./booking-row-actions";
import { patchSearch } from "./calendar/calendar-search";

const muted = css({ fontSize: "sm", color: "fg.muted" });
const nowrap = css({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });
const rangeLine = cx(muted, css({ display: { md: "block" }, ml: { mdDown: "2" } }));

type BookingTableProps = {
  bookings: readonly Booking[];
  /** The business's IANA timezone: every time is shown on its clock. */
  timeZone: string;
  /** An update is in flight: the actions wait (spec 4). */
  busy: boolean;
  onAction: (booking: Booking, action: BookingActionType) => void;
};

/** A booking with its times as the row shows them. */
type BookingRow = { booking: Booking; day: string; range: string; booked: string; href: string };

/**
 * Spec 2: customer, service, whenBooked, appointmentDate, status, actions. The customer's name is the row's
 * link: it opens the booking's side panel (?booking=id) over the list.
 */
export function BookingTable({ bookings, timeZone, busy, onAction }: BookingTableProps) {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const search = useSearch();
  const formatDay = dayFormat(i18n.locale, timeZone);
  const formatTime = timeOfDayFormat(i18n.locale, timeZone);
  const formatBooked = shortDateTimeFormat(i18n.locale, timeZone);
  const rows = bookings.map(
    (booking): BookingRow => ({
      booking,
      day: formatDay(booking.startTime),
      range: `${formatTime(booking.startTime)}-${formatTime(booking.endTime)}`,
      booked: formatBooked(booking.createdAt),
      href: `${location}?${patchSearch(search, { booking: booking._id })}`,
    }),
  );

  const columns: TableColumn<BookingRow>[] = [
    {
      id: "customer",
      header: <Trans>Customer</Trans>,
      fullLine: true,
      cell: ({ booking, href }) => (
        <>
          <Link href={href} className={rowLink} data-part="open">
            {customerNameOf(booking, i18n)}
          </Link>
          <p className={cx(muted, nowrap)}>{booking.customerPhone}</p>
        </>
      ),
    },
    {
      id: "service",
      header: <Trans>Service</Trans>,
      labelled: true,
      fullLine: true,
      cell: ({ booking }) =>
        booking.serviceName ?? (
          <span className={muted}>
            <Trans>no service</Trans>
          </span>
        ),
    },
    {
      id: "booked",
      header: <Trans>Booked</Trans>,
      labelled: true,
      cell: ({ booking, booked }) => (
        <time dateTime={booking.createdAt} className={nowrap}>
          {booked}
        </time>
      ),
    },
    {
      id: "appointment",
      header: <Trans>Appointment</Trans>,
      labelled: true,
      cell: ({ booking, day, range }) => (
        <time dateTime={booking.startTime} className={nowrap} data-part="appointment">
          {day}
          <span className={rangeLine}>{range}</span>
        </time>
      ),
    },
    {
      id: "status",
      header: <Trans>Status</Trans>,
      cell: ({ booking }) => <BookingStatusTag status={booking.status} />,
    },
    {
      id: "actions",
      header: <Trans>Actions</Trans>,
      actions: true,
      cell: ({ booking, day, range }) => {
        const customer = customerNameOf(booking, i18n);
        return (
          <BookingRowActions
            booking={booking}
            subject={t`${customer}, ${day} ${range}`}
            disabled={busy}
            onAction={onAction}
          />
        );
      },
    },
  ];

  return (
    <ResponsiveTable
      columns={columns}
      rows={rows}
      rowKey={({ booking }) => booking._id}
      rowAttributes={({ booking }) => ({
        className: rowLinkRow,
        "data-booking": booking._id,
        "data-status": booking.status,
        "data-version": booking.version,
      })}
    />
  );
}
