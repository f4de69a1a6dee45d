import { lazy } from "react";

/**
 * The reschedule dialog (Ark's date picker, its machine) is not needed to show a booking: its code is fetched
 * when a Reschedule button is pointed at or focused, so it is there by the time it is pressed.
 */
export const loadRescheduleDialog = () =>
  import("./reschedule-dialog").then((m) => ({ default: m.RescheduleDialog }));

export const LazyRescheduleDialog = lazy(loadRescheduleDialog);
