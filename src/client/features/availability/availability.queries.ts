import type { AvailabilityUpdate, BlackoutDateInput, SlotsQuery } from "@shared/availability.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";
import { availabilityQuery } from "../../lib/availability-queries";
import { serviceQueries } from "../../lib/service-queries";

/** Set by the slots routes when the days asked hold more slots than one answer carries (the first ones come). */
const SLOTS_TRUNCATED_HEADER = "X-Slots-Truncated";

/** Everything under "availability" depends on the schedule, blackouts and rules: one invalidation refreshes all. */
export const availabilityQueries = {
  all: () => ["availability"] as const,
  detail: availabilityQuery,
  /** The preview's week, and whether the server cut it short (more slots than one answer holds). */
  previewSlots: (api: ApiClient, query: SlotsQuery) =>
    queryOptions({
      queryKey: ["availability", "preview-slots", query] as const,
      queryFn: async ({ signal }) => {
        const { data: slots, headers } = await api.requestWithHeaders("/availability/slots", "slotList", {
          method: "GET",
          signal,
          query,
        });
        return { slots, truncated: headers.get(SLOTS_TRUNCATED_HEADER) === "true" };
      },
      // As lib's freeSlotsQuery: slots move with the clock (minimum notice) and with every booking.
      staleTime: 60_000,
    }),
  /** The preview's service picker: the Services page's own list query, so its changes show here. */
  services: serviceQueries.list,
};

export const saveAvailability = (api: ApiClient, body: AvailabilityUpdate) =>
  api.put("/availability", "availability", body);

export const addBlackoutDate = (api: ApiClient, body: BlackoutDateInput) =>
  api.post("/availability/blackout-dates", "blackoutDate", body);

export const removeBlackoutDate = (api: ApiClient, id: string) =>
  api.delete(`/availability/blackout-dates/${encodeURIComponent(id)}`, "none");
