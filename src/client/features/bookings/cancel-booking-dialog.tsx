import { Trans, useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useBookingAction } from "./use-booking-action";

/** "Cancel the booking of …?": a cancelled booking is final, so staff say it twice. */
export function CancelBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const { t } = useLingui();
  const actions = useBookingAction();
  return (
    <ConfirmDialog
      target={booking}
      title={(target) => t`Cancel the booking of ${target.customerName}?`}
      description={t`Its time becomes free for other bookings. A cancelled booking cannot be changed again.`}
      confirmLabel={<Trans>Cancel booking</Trans>}
      pendingLabel={<Trans>Cancelling...</Trans>}
      pending={actions.pending}
      onCancel={onClose}
      // The toast says why it failed; the question is over either way.
      onConfirm={(target) => void actions.act(target, { type: "cancel" }).then(onClose, onClose)}
    />
  );
}
