import type { BookingStatus } from "@shared/booking.constants";
import type { EventFields } from "./calendar-api";

/** The private extended property every event of ours carries: the booking it shows. */
export const BOOKING_ID_PROPERTY = "calldeskBookingId";

/**
 * The id of a booking's event: Google lets the client choose it (base32hex: 0-9 and a-v, 5 to 1024
 * characters, unique in the calendar, never reused even once the event is deleted), and a uuid's hex digits
 * are base32hex. Derived from the booking, so every sender, retry or instance names the same event: a second
 * insert is a 409, never a second event (docs/spec-notes.md, "Google Calendar").
 */
export const eventIdOf = (bookingId: string) => `calldesk${bookingId.replaceAll("-", "")}`;

/** The booking an event of ours shows, by its id (null: not ours). */
export function bookingIdOfEvent(eventId: string): string | null {
  const match = /^calldesk([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(eventId);
  return match ? match.slice(1).join("-") : null;
}

/** What a booking's event says: service and customer, the phone and a link to the booking, its times. */
export function bookingEventFields(booking: {
  bookingId: string;
  status: BookingStatus;
  serviceName: string;
  customerName: string;
  customerPhone: string;
  startTime: Date;
  endTime: Date;
  timezone: string;
  appOrigin: string | null;
}): EventFields {
  const link = booking.appOrigin && `${booking.appOrigin}/bookings?booking=${booking.bookingId}`;
  return {
    summary: `${booking.serviceName} · ${booking.customerName}`,
    description: [booking.customerPhone, link].filter(Boolean).join("\n"),
    start: { dateTime: booking.startTime.toISOString(), timeZone: booking.timezone },
    end: { dateTime: booking.endTime.toISOString(), timeZone: booking.timezone },
    // Google's own two states of an event that holds: a pending booking is pencilled in.
    status: booking.status === "pending" ? "tentative" : "confirmed",
    extendedProperties: { private: { [BOOKING_ID_PROPERTY]: booking.bookingId } },
  };
}
