import type { SlotsRequest } from "@shared/availability.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";

// Under "availability": the availability screen's one invalidation after a change refreshes these too.

/** GET /api/availability: the weekly schedule, blackouts, rules and the business's timezone. */
export const availabilityQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ["availability", "detail"] as const,
    queryFn: ({ signal }) => api.get("/availability", "availability", { signal }),
  });

/**
 * The free slots over some days: a service's, as the availability preview offers them, or with `bookingId` the
 * times a move of that booking would accept (its own time free, its booked duration), as the reschedule dialog
 * offers them.
 */
export const freeSlotsQuery = (api: ApiClient, query: SlotsRequest) =>
  queryOptions({
    queryKey: ["availability", "slots", query] as const,
    queryFn: ({ signal }) => api.get("/availability/slots", "slotList", { signal, query }),
    // Slots move with the clock (minimum notice) and with every booking: never older than a minute.
    staleTime: 60_000,
  });
