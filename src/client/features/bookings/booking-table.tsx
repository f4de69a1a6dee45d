import { Trans, useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import { css, cx } from "styled-system/css";
import { table } from "styled-system/recipes/table";
import { BookingStatusTag } from "../../components/booking-status-look";
import type { BookingActionType } from "./booking-actions";
import { BookingRowActions } from "./booking-row-actions";
import { formatInZone, formatTimeRange } from "./booking-time-format";

const styles = table({ variant: "plain", size: "md" });

// Below `md` a row is a small card (customer on its own line, then the facts, then the actions), so nothing
// hides past the edge of a phone; from `md` up it is spec 2's table.
const narrow = {
  table: css({ display: { mdDown: "block" } }),
  head: css({ display: { mdDown: "none" } }),
  body: css({ display: { mdDown: "block" } }),
  row: css({
    display: { mdDown: "flex" },
    flexWrap: "wrap",
    alignItems: "center",
    columnGap: "4",
    rowGap: "1",
    h: { mdDown: "auto" },
    py: { mdDown: "3" },
    px: { mdDown: "3" },
    borderBottomWidth: { mdDown: "1px" },
    borderColor: "border.subtle",
  }),
  cell: css({
    display: { mdDown: "block" },
    h: { mdDown: "auto" },
    p: { mdDown: "0" },
    borderBottomWidth: { mdDown: "0" },
    whiteSpace: "normal",
  }),
  fullLine: css({ flexBasis: { mdDown: "100%" } }),
  /** The column's name beside its value where the header row is not shown. */
  label: css({ display: { base: "inline", md: "none" }, color: "fg.muted", fontSize: "sm", mr: "1" }),
};
const muted = css({ fontSize: "sm", color: "fg.muted" });
const nowrap = css({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });

type BookingTableProps = {
  bookings: readonly Booking[];
  /** The business's IANA timezone: every time is shown on its clock. */
  timeZone: string;
  /** An update is in flight: the actions wait (spec 4). */
  busy: boolean;
  onAction: (booking: Booking, action: BookingActionType) => void;
};

/** Spec 2: customer, service, whenBooked, appointmentDate, status, actions. */
export function BookingTable({ bookings, timeZone, busy, onAction }: BookingTableProps) {
  const { t } = useLingui();
  return (
    <div className={css({ mx: "-3", overflowX: { md: "auto" } })}>
      <table className={cx(styles.root, narrow.table)}>
        <thead className={cx(styles.head, narrow.head)}>
          <tr className={styles.row}>
            <th scope="col" className={styles.header}>
              <Trans>Customer</Trans>
            </th>
            <th scope="col" className={styles.header}>
              <Trans>Service</Trans>
            </th>
            <th scope="col" className={styles.header}>
              <Trans>Booked</Trans>
            </th>
            <th scope="col" className={styles.header}>
              <Trans>Appointment</Trans>
            </th>
            <th scope="col" className={styles.header}>
              <Trans>Status</Trans>
            </th>
            <th scope="col" className={cx(styles.header, css({ textAlign: "end" }))}>
              <Trans>Actions</Trans>
            </th>
          </tr>
        </thead>
        <tbody className={cx(styles.body, narrow.body)}>
          {bookings.map((booking) => {
            const day = formatInZone(booking.startTime, "MMM d, yyyy", timeZone);
            const range = formatTimeRange(booking.startTime, booking.endTime, timeZone);
            const customer = booking.customerName;
            return (
              <tr
                key={booking._id}
                className={cx(styles.row, narrow.row)}
                data-booking={booking._id}
                data-status={booking.status}
                data-version={booking.version}
              >
                <td className={cx(styles.cell, narrow.cell, narrow.fullLine)}>
                  <p className={css({ fontWeight: "medium", overflowWrap: "anywhere" })}>{customer}</p>
                  <p className={cx(muted, nowrap)}>{booking.customerPhone}</p>
                </td>
                <td className={cx(styles.cell, narrow.cell, narrow.fullLine)}>
                  <span className={narrow.label}>
                    <Trans>Service</Trans>
                  </span>
                  {booking.serviceName ?? (
                    <span className={muted}>
                      <Trans>no service</Trans>
                    </span>
                  )}
                </td>
                <td className={cx(styles.cell, narrow.cell)}>
                  <span className={narrow.label}>
                    <Trans>Booked</Trans>
                  </span>
                  <time dateTime={booking.createdAt} className={nowrap}>
                    {formatInZone(booking.createdAt, "MMM d, HH:mm", timeZone)}
                  </time>
                </td>
                <td className={cx(styles.cell, narrow.cell)}>
                  <span className={narrow.label}>
                    <Trans>Appointment</Trans>
                  </span>
                  <time dateTime={booking.startTime} className={nowrap} data-part="appointment">
                    {day}
                    <span className={cx(muted, css({ display: { md: "block" }, ml: { mdDown: "2" } }))}>
                      {range}
                    </span>
                  </time>
                </td>
                <td className={cx(styles.cell, narrow.cell)}>
                  <BookingStatusTag status={booking.status} />
                </td>
                <td
                  className={cx(styles.cell, narrow.cell, css({ ml: { mdDown: "auto" }, textAlign: "end" }))}
                >
                  <BookingRowActions
                    booking={booking}
                    subject={t`${customer}, ${day} ${range}`}
                    disabled={busy}
                    onAction={onAction}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
