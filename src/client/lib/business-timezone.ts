import { useQuery } from "@tanstack/react-query";
import { useApi } from "./api-context";
import { responseSchema } from "./response-check";

/**
 * The business's timezone, in which every booking time is shown (GET /api/availability carries it). The same
 * cache entry as the availability screen's, so it is fetched once.
 */
export function useBusinessTimeZone(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ["availability", "detail"] as const,
    queryFn: ({ signal }) => api.get("/availability", responseSchema("availability"), { signal }),
    select: (availability) => availability.timezone,
    enabled,
  });
}
