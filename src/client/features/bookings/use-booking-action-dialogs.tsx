import { Trans, useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { customerNameOf } from "../../components/customer-name";
import { sameControlNearby } from "../../components/use-focus-after-removal";
import type { BookingActionType } from "./booking-actions";
import { RescheduleDialog } from "./reschedule-dialog";
import { useBookingAction } from "./use-booking-action";

type Options<B extends Booking> = {
  /**
   * Where focus goes when the button used is gone after the change (a confirmed booking offers Complete
   * instead of Confirm; a completed or cancelled one offers nothing), rather than to the page's start.
   */
  focusAfter: (booking: B) => HTMLElement | null;
  /** Where focus goes when the booking left a list with the change (a filter) and no row is left beside it. */
  focusWhenEmptied?: () => HTMLElement | null;
};

/**
 * Spec 4's actions on a booking, from a row of the list or from the side panel: Confirm and Complete at once,
 * Cancel after a question, Reschedule in its dialog. Render `dialogs` beside the buttons.
 */
export function useBookingActionDialogs<B extends Booking>({ focusAfter, focusWhenEmptied }: Options<B>) {
  const { t, i18n } = useLingui();
  const actions = useBookingAction();
  const [cancelling, setCancelling] = useState<B | null>(null);
  const [rescheduling, setRescheduling] = useState<B | null>(null);

  const used = useRef<{
    booking: B;
    button: Element | null;
    /** The same action of the row beside, found while the booking's row was still there. */
    nearby: HTMLElement | null;
    direct: boolean;
    sent: boolean;
  } | null>(null);
  const focusFallback = () => {
    const last = used.current;
    if (!last) return null;
    if (last.button instanceof HTMLElement && last.button.isConnected) return last.button;
    // The row gone too (it no longer matches the list's filter): the row beside it, else the list itself.
    const nearby = last.nearby?.isConnected ? last.nearby : null;
    return focusAfter(last.booking) ?? nearby ?? focusWhenEmptied?.() ?? null;
  };
  // A direct action, once over (the screen re-rendered with its answer): a vanished button's focus moves on.
  useEffect(() => {
    const last = used.current;
    if (!last?.direct) return;
    if (actions.pending) {
      last.sent = true;
      return;
    }
    if (!last.sent) return;
    if (!document.activeElement || document.activeElement === document.body) focusFallback()?.focus();
    used.current = null;
  });

  const onAction = (booking: B, action: BookingActionType) => {
    const direct = action === "confirm" || action === "complete";
    const button = document.activeElement;
    used.current = { booking, button, nearby: sameControlNearby(button), direct, sent: false };
    if (action === "cancel") setCancelling(booking);
    else if (action === "reschedule") setRescheduling(booking);
    else actions.run(booking, { type: action });
  };

  const endCancel = () => setCancelling(null);
  const dialogs = (
    <>
      {/* A cancelled booking is final, so staff say it twice. */}
      <ConfirmDialog
        target={cancelling}
        title={(target) => t`Cancel the booking of ${customerNameOf(target, i18n)}?`}
        description={t`Its time becomes free for other bookings. A cancelled booking cannot be changed again.`}
        confirmLabel={<Trans>Cancel booking</Trans>}
        // "Cancel" beside "Cancel booking" would leave staff guessing which one cancels.
        dismissLabel={<Trans>Keep booking</Trans>}
        pendingLabel={<Trans>Cancelling...</Trans>}
        pending={actions.pending}
        onCancel={endCancel}
        finalFocus={focusFallback}
        // The toast says why it failed; the question is over either way.
        onConfirm={(target) => actions.act(target, { type: "cancel" }).then(endCancel, endCancel)}
      />
      <RescheduleDialog
        booking={rescheduling}
        act={actions.act}
        onClose={() => setRescheduling(null)}
        finalFocus={focusFallback}
      />
    </>
  );

  return { onAction, pending: actions.pending, dialogs };
}
