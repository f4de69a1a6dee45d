import { useQuery } from "@tanstack/react-query";
import { useApi } from "./api-context";
import { availabilityQueries } from "./availability-queries";

/** The business's timezone, in which every booking time is shown (GET /api/availability carries it). */
export function useBusinessTimeZone(enabled = true) {
  const api = useApi();
  return useQuery({
    ...availabilityQueries.detail(api),
    select: (availability) => availability.timezone,
    enabled,
  });
}

/**
 * The timezone to show booking times in: the business's, or the device's when it cannot be had (its request
 * failed) rather than no times at all; undefined while it loads.
 */
export function useShownTimeZone(): string | undefined {
  const zone = useBusinessTimeZone();
  return zone.data ?? (zone.isError ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined);
}
