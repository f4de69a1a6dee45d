import type { AvailabilityUpdate, BlackoutDateInput } from "@shared/availability.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";
import { availabilityQuery, freeSlotsQuery } from "../../lib/availability-queries";
import { responseSchema } from "../../lib/response-check";
import { noData } from "../../lib/response-schema";

/** Everything under "availability" depends on the schedule, blackouts and rules: one invalidation refreshes all. */
export const availabilityQueries = {
  all: () => ["availability"] as const,
  detail: availabilityQuery,
  slots: freeSlotsQuery,
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
