import { useQuery } from "@tanstack/react-query";
import { useApi } from "./api-context";
import { availabilityQuery } from "./availability-queries";

/** The business's timezone, in which every booking time is shown (GET /api/availability carries it). */
export function useBusinessTimeZone(enabled = true) {
  const api = useApi();
  return useQuery({ ...availabilityQuery(api), select: (availability) => availability.timezone, enabled });
}
