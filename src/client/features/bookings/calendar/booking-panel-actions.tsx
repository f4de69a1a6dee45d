import { Trans } from "@lingui/react/macro";
import type { BookingDetail } from "@shared/booking.schema";
import { useState } from "react";
import { css } from "styled-system/css";
import { allowedBookingActions } from "../booking-actions";
import { BookingRowActions } from "../booking-row-actions";
import { CancelBookingDialog } from "../cancel-booking-dialog";
import { RescheduleDialog } from "../reschedule-dialog";
import { useBookingAction } from "../use-booking-action";

/**
 * The actions spec 4 allows for this booking (the booking-status machine decides), as the list offers them:
 * the same buttons, hook (If-Match, spec 8's toasts), cancel question and reschedule dialog.
 */
export function BookingPanelActions({ booking }: { booking: BookingDetail }) {
  const { run, pending } = useBookingAction();
  const [cancelling, setCancelling] = useState<BookingDetail | null>(null);
  const [rescheduling, setRescheduling] = useState<BookingDetail | null>(null);
  if (allowedBookingActions(booking).length === 0)
    return (
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>
        <Trans>Completed and cancelled bookings have no further actions.</Trans>
      </p>
    );
  return (
    <>
      <BookingRowActions
        booking={booking}
        subject={booking.customerName}
        disabled={pending}
        onAction={(_, action) => {
          if (action === "cancel") setCancelling(booking);
          else if (action === "reschedule") setRescheduling(booking);
          else run(booking, { type: action });
        }}
      />
      <CancelBookingDialog booking={cancelling} onClose={() => setCancelling(null)} />
      <RescheduleDialog booking={rescheduling} onClose={() => setRescheduling(null)} />
    </>
  );
}
