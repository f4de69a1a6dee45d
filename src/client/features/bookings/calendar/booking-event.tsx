import { useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import { css, cx } from "styled-system/css";
import { bookingBlock, statusLooks } from "../../../components/booking-status-look";
import { customerNameOf } from "../../../components/customer-name";

type BookingEventProps = {
  booking: Booking;
  /** "09:00–10:00" or "09:00", as the business's clock shows it. */
  time: string;
  /**
   * How many lines are shown: 1 (time and name), 2 (and the service), 3 (and the status), or "wrap" in the
   * list, where a row grows with its text. What is not shown is still read out.
   */
  lines: 1 | 2 | 3 | "wrap";
};

const line = css({ display: "flex", alignItems: "center", gap: "1", minW: "0", lineHeight: "1rem" });
/**
 * The first line of a block is one row high: a name with no room for a few letters and an ellipsis wraps
 * onto a second row that is not shown (still read out), rather than showing a sliver of its first letter.
 */
const firstLine = css({ flexWrap: "wrap", h: "1rem", overflow: "hidden" });
const nameInLine = css({ flex: "1 1 0", minW: "3em" });
// A line too long for its block ends in an ellipsis after whole letters; nothing is cut through a glyph.
const clip = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minW: "0" });
const wrap = css({ overflowWrap: "anywhere", minW: "0", lineHeight: "1.25rem" });
const hidden = css({ srOnly: true });

/**
 * One booking inside FullCalendar's event (the focusable button it draws, which opens the panel): status
 * colour and icon, then time, customer, service and status, as many of them as the block has room for.
 */
export function BookingEvent({ booking, time, lines }: BookingEventProps) {
  const { i18n, t } = useLingui();
  const look = statusLooks[booking.status];
  const Icon = look.icon;
  const service = booking.serviceName ?? t`No service`;
  const text = lines === "wrap" ? wrap : clip;
  const shown = (from: number) => (lines === "wrap" || lines >= from ? text : hidden);
  return (
    <span
      data-booking={booking._id}
      data-status={booking.status}
      className={cx(
        bookingBlock,
        look.className,
        css({ h: "full", w: "full", cursor: "inherit" }),
        lines === "wrap" && css({ py: "1.5", px: "2", fontSize: "sm" }),
      )}
    >
      <span className={cx(line, lines !== "wrap" && firstLine)}>
        <Icon aria-hidden="true" />
        <span className={cx(clip, css({ fontVariantNumeric: "tabular-nums", flexShrink: "0" }))}>{time}</span>
        <span className={hidden}>, </span>
        <span
          data-part="name"
          className={cx(text, lines !== "wrap" && nameInLine, css({ fontWeight: "semibold" }))}
        >
          {customerNameOf(booking, i18n)}
        </span>
      </span>
      <span className={shown(2)}>
        <span className={hidden}>, </span>
        {service}
      </span>
      <span className={shown(3)}>
        <span className={hidden}>, </span>
        {i18n._(look.label)}
      </span>
    </span>
  );
}
