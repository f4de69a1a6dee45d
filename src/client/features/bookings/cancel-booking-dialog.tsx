import { Trans, useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import { ConfirmDialog } from "../../components/confirm-dialog";
import type { BookingActions } from "./use-booking-action";

type CancelBookingDialogProps = {
  booking: Booking | null;
  /** The screen's action hook: its cancel, and whether an update is in flight. */
  actions: Pick<BookingActions, "act" | "pending">;
  onClose: () => void;
  /** Where focus goes when the question closes (the button that asked may be gone with the booking's actions). */
  finalFocus?: () => HTMLElement | null;
};

/** "Cancel the booking of …?": a cancelled booking is final, so staff say it twice. */
export function CancelBookingDialog({ booking, actions, onClose, finalFocus }: CancelBookingDialogProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      target={booking}
      title={(target) => t`Cancel the booking of ${target.customerName}?`}
      description={t`Its time becomes free for other bookings. A cancelled booking cannot be changed again.`}
      confirmLabel={<Trans>Cancel booking</Trans>}
      // "Cancel" beside "Cancel booking" would leave staff guessing which one cancels.
      dismissLabel={<Trans>Keep booking</Trans>}
      pendingLabel={<Trans>Cancelling...</Trans>}
      pending={actions.pending}
      onCancel={onClose}
      finalFocus={finalFocus}
      // The toast says why it failed; the question is over either way.
      onConfirm={(target) => void actions.act(target, { type: "cancel" }).then(onClose, onClose)}
    />
  );
}
