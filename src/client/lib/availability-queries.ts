import type { SlotsRequest } from "@shared/availability.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";

/** Set by the slots routes when the days asked hold more slots than one answer carries (the first ones come). */
const SLOTS_TRUNCATED_HEADER = "X-Slots-Truncated";

/**
 * Everything under "availability" depends on the schedule, blackouts and rules: the availability screen's (and
 * settings') one invalidation after a change refreshes all. Shared: bookings read the timezone and free slots.
 */
export const availabilityQueries = {
  all: () => ["availability"] as const,
  /** GET /api/availability: the weekly schedule, blackouts, rules and the business's timezone. */
  detail: (api: ApiClient) =>
    queryOptions({
      queryKey: [...availabilityQueries.all(), "detail"] as const,
      queryFn: ({ signal }) => api.get("/availability", "availability", { signal }),
    }),
  /** Every free-slots query: what a booking or a service change (or a refused time) makes stale. */
  allSlots: () => [...availabilityQueries.all(), "slots"] as const,
  /**
   * The free slots over some days, and whether the server cut them short (more than one answer holds): a
   * service's, as the availability preview offers them, or with `bookingId` the times a move of that booking
   * would accept (its own time free, its booked duration), as the reschedule dialog offers them.
   */
  slots: (api: ApiClient, query: SlotsRequest) =>
    queryOptions({
      queryKey: [...availabilityQueries.allSlots(), query] as const,
      queryFn: async ({ signal }) => {
        const { data: slots, headers } = await api.requestWithHeaders("/availability/slots", "slotList", {
          method: "GET",
          signal,
          query,
        });
        return { slots, truncated: headers.get(SLOTS_TRUNCATED_HEADER) === "true" };
      },
      // Slots move with the clock (minimum notice): never older than a minute. A change of a booking or a
      // service made here refreshes them at once (allSlots).
      staleTime: 60_000,
    }),
};
