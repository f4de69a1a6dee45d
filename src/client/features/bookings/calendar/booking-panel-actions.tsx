import type { BookingDetail } from "@shared/booking.schema";

/** The actions spec 4 allows for this booking, through the list's action hook (C1). */
export function BookingPanelActions(_: { booking: BookingDetail }) {
  return null;
}
