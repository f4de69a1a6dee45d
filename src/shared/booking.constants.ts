/** Spec 3 "Booking": the statuses a booking moves through (the rule is machines/booking-status.machine.ts). */
export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
