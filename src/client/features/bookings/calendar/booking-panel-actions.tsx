import { Trans, useLingui } from "@lingui/react/macro";
import type { BookingDetail } from "@shared/booking.schema";
import { useRef } from "react";
import { css } from "styled-system/css";
import { customerNameOf } from "../../../components/customer-name";
import { useNow } from "../../../components/use-now";
import { allowedBookingActions } from "../booking-actions";
import { BookingRowActions } from "../booking-row-actions";
import { useBookingActionDialogs } from "../use-booking-action-dialogs";

/**
 * The actions spec 4 allows for this booking (the booking-status machine decides), as the list offers them:
 * the same buttons, hook (If-Match, spec 8's toasts), cancel question and reschedule dialog.
 */
export function BookingPanelActions({ booking }: { booking: BookingDetail }) {
  const { i18n } = useLingui();
  const areaRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  const { onAction, pending, dialogs } = useBookingActionDialogs({
    // The next action offered, or the area that says there is none.
    focusAfter: () => areaRef.current?.querySelector<HTMLElement>("button") ?? areaRef.current,
  });
  return (
    <div ref={areaRef} tabIndex={-1} className={css({ outline: "none" })}>
      {allowedBookingActions(booking, now).length === 0 ? (
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>
          <Trans>Completed and cancelled bookings have no further actions.</Trans>
        </p>
      ) : (
        <BookingRowActions
          booking={booking}
          subject={customerNameOf(booking, i18n)}
          disabled={pending}
          onAction={onAction}
        />
      )}
      {dialogs}
    </div>
  );
}
