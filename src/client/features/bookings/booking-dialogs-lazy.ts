import { preloadable } from "../../lib/preloadable";
import type { BookingActionType } from "./booking-actions";

// The cancel question and the reschedule dialog (Ark's dialog, date picker and their machines) are not needed
// to show bookings: their code is fetched when their button is pointed at or focused, before it is pressed.
const loadCancelDialog = () =>
  import("./cancel-booking-dialog").then((m) => ({ default: m.CancelBookingDialog }));
const loadRescheduleDialog = () =>
  import("./reschedule-dialog").then((m) => ({ default: m.RescheduleDialog }));

export const LazyCancelBookingDialog = preloadable(loadCancelDialog);
export const LazyRescheduleDialog = preloadable(loadRescheduleDialog);

/** Starts fetching the dialog `action` opens, if it opens one. */
export function preloadBookingDialog(action: BookingActionType) {
  if (action === "cancel") void LazyCancelBookingDialog.preload();
  else if (action === "reschedule") void LazyRescheduleDialog.preload();
}
