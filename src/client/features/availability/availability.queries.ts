import type { AvailabilityUpdate, BlackoutDateInput, SlotsQuery } from "@shared/availability.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";
import { responseSchema } from "../../lib/response-check";
import { noData } from "../../lib/response-schema";

/** Everything under "availability" depends on the schedule, blackouts and rules: one invalidation refreshes all. */
export const availabilityQueries = {
  all: () => ["availability"] as const,
  detail: (api: ApiClient) =>
    queryOptions({
      queryKey: [...availabilityQueries.all(), "detail"] as const,
      queryFn: ({ signal }) => api.get("/availability", responseSchema("availability"), { signal }),
    }),
  slots: (api: ApiClient, query: SlotsQuery) =>
    queryOptions({
      queryKey: [...availabilityQueries.all(), "slots", query] as const,
      queryFn: ({ signal }) => api.get("/availability/slots", responseSchema("slotList"), { signal, query }),
      // Slots move with the clock (minimum notice): never older than a minute.
      staleTime: 60_000,
    }),
  /** The preview's service picker; the same key as the Services page's list, so its changes show here. */
  services: (api: ApiClient) =>
    queryOptions({
      queryKey: ["services", "list"] as const,
      queryFn: ({ signal }) => api.get("/services", responseSchema("serviceList"), { signal }),
      staleTime: 3 * 60_000,
      retry: 1,
    }),
};

export const saveAvailability = (api: ApiClient, body: AvailabilityUpdate) =>
  api.put("/availability", responseSchema("availability"), body);

export const addBlackoutDate = (api: ApiClient, body: BlackoutDateInput) =>
  api.post("/availability/blackout-dates", responseSchema("blackoutDate"), body);

export const removeBlackoutDate = (api: ApiClient, id: string) =>
  api.delete(`/availability/blackout-dates/${encodeURIComponent(id)}`, noData);
