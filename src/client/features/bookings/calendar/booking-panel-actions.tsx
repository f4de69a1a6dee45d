import { Trans, useLingui } from "@lingui/react/macro";
import type { BookingDetail } from "@shared/booking.schema";
import { css } from "styled-system/css";
import { Button } from "../../../components/ui/button";
import { allowedBookingActions, type BookingActionType } from "../booking-actions";
import { useBookingAction } from "../use-booking-action";

/**
 * The actions spec 4 allows for this booking (the booking-status machine decides), through the list's
 * action hook: If-Match, spec 8's toasts, every booking query refreshed. Disabled while one is in flight.
 */
export function BookingPanelActions({
  booking,
  onReschedule,
}: {
  booking: BookingDetail;
  onReschedule?: () => void;
}) {
  const { t } = useLingui();
  const { run, pending } = useBookingAction();
  const labels: Record<BookingActionType, string> = {
    confirm: t`Confirm`,
    complete: t`Complete`,
    reschedule: t`Reschedule`,
    cancel: t`Cancel booking`,
  };
  const actions = allowedBookingActions(booking).filter((type) => type !== "reschedule" || onReschedule);
  if (actions.length === 0)
    return (
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>
        <Trans>Completed and cancelled bookings have no further actions.</Trans>
      </p>
    );
  return (
    <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
      {actions.map((type) => (
        <Button
          key={type}
          size="sm"
          variant={type === "cancel" ? "outline" : "solid"}
          disabled={pending}
          data-action={type}
          onClick={() => (type === "reschedule" ? onReschedule?.() : run(booking, { type }))}
        >
          {labels[type]}
        </Button>
      ))}
    </div>
  );
}
