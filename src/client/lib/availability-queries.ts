import type { SlotsQuery } from "@shared/availability.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";
import { responseSchema } from "./response-check";

// Under "availability": the availability screen's one invalidation after a change refreshes these too.

/** GET /api/availability: the weekly schedule, blackouts, rules and the business's timezone. */
export const availabilityQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ["availability", "detail"] as const,
    queryFn: ({ signal }) => api.get("/availability", responseSchema("availability"), { signal }),
  });

/** The free slots of a service over some days, as the availability preview and the reschedule dialog offer them. */
export const freeSlotsQuery = (api: ApiClient, query: SlotsQuery) =>
  queryOptions({
    queryKey: ["availability", "slots", query] as const,
    queryFn: ({ signal }) => api.get("/availability/slots", responseSchema("slotList"), { signal, query }),
    // Slots move with the clock (minimum notice) and with every booking: never older than a minute.
    staleTime: 60_000,
  });
