import type { QueryClient } from "@tanstack/react-query";
import { availabilityQueries } from "../../lib/availability-queries";
import { callQueries } from "../calls/calls.queries";
import { bookingQueries } from "./bookings.queries";

/**
 * What to fetch again once staff changed a booking, or were refused (the time was taken, the booking had
 * changed): every booking query; the free times (the reschedule dialog's, the availability preview's), which
 * the old and new times change and which must not offer a taken time again; and the calls, whose detail shows
 * the booking made during it with its status.
 */
export const refreshAfterBookingChange = (queryClient: QueryClient) =>
  Promise.all(
    [bookingQueries.all(), availabilityQueries.allSlots(), callQueries.all()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
