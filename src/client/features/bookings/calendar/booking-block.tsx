import { useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import type { CSSProperties } from "react";
import { css, cx } from "styled-system/css";
import { bookingBlock, statusLooks } from "../../../components/booking-status-look";

type BookingBlockProps = {
  booking: Booking;
  /** "09:00–10:00" or "09:00", as the business's clock shows it. */
  time: string;
  /** Month cells are small: time and name on one line, the rest read out but not shown. */
  compact?: boolean;
  style?: CSSProperties;
  className?: string;
  onOpen: (id: string) => void;
};

const line = css({ display: "flex", alignItems: "center", gap: "1", minW: "0" });
const clip = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minW: "0" });
const hidden = css({ srOnly: true });

/** One booking in the calendar, a button that opens its panel; its name reads time, customer, service, status. */
export function BookingBlock({ booking, time, compact, style, className, onOpen }: BookingBlockProps) {
  const { i18n, t } = useLingui();
  const look = statusLooks[booking.status];
  const Icon = look.icon;
  const service = booking.serviceName ?? t`No service`;
  return (
    <button
      type="button"
      data-booking={booking._id}
      data-status={booking.status}
      className={cx(bookingBlock, look.className, className)}
      style={style}
      onClick={() => onOpen(booking._id)}
    >
      <span className={line}>
        <Icon aria-hidden="true" />
        <span className={cx(clip, css({ fontVariantNumeric: "tabular-nums", flexShrink: "0" }))}>{time}</span>
        <span className={hidden}>, </span>
        <span data-part="name" className={cx(clip, css({ fontWeight: "semibold" }))}>
          {booking.customerName}
        </span>
      </span>
      <span className={compact ? hidden : clip}>
        <span className={hidden}>, </span>
        {service}
      </span>
      <span className={compact ? hidden : clip}>
        <span className={hidden}>, </span>
        {i18n._(look.label)}
      </span>
    </button>
  );
}
