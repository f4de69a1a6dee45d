import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import { CalendarClock, Check, CheckCheck, type LucideIcon, X } from "lucide-react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";
import { useNow } from "../../components/use-now";
import { allowedBookingActions, type BookingActionType } from "./booking-actions";

const looks: Record<BookingActionType, { label: MessageDescriptor; icon: LucideIcon }> = {
  confirm: { label: msg({ message: "Confirm", context: "booking action" }), icon: Check },
  complete: { label: msg({ message: "Complete", context: "booking action" }), icon: CheckCheck },
  reschedule: { label: msg({ message: "Reschedule", context: "booking action" }), icon: CalendarClock },
  cancel: { label: msg({ message: "Cancel", context: "booking action" }), icon: X },
};

const row = css({ display: "flex", flexWrap: "wrap", gap: "1", justifyContent: "flex-end" });
const hidden = css({ srOnly: true });

type BookingRowActionsProps = {
  booking: Booking;
  /** Whose booking, read after each button's word so screen readers tell the rows' buttons apart. */
  subject: string;
  /** An update is in flight: spec 4 disables the buttons meanwhile. */
  disabled: boolean;
  onAction: (booking: Booking, action: BookingActionType) => void;
};

/**
 * The actions the booking-status machine allows for this booking now (Complete once it has started, by the
 * shared clock of useNow); none for completed or cancelled.
 */
export function BookingRowActions({ booking, subject, disabled, onAction }: BookingRowActionsProps) {
  const { i18n } = useLingui();
  const allowed = allowedBookingActions(booking, useNow());
  if (allowed.length === 0) return null;
  return (
    <div className={row}>
      {allowed.map((action) => {
        const { label, icon: Icon } = looks[action];
        return (
          <Button
            key={action}
            variant={action === "cancel" ? "ghost" : "outline"}
            size="xs"
            disabled={disabled}
            data-action={action}
            onClick={() => onAction(booking, action)}
          >
            <Icon aria-hidden="true" />
            {i18n._(label)}
            <span className={hidden}>, {subject}</span>
          </Button>
        );
      })}
    </div>
  );
}
