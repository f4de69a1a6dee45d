import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";
import { availabilityQueries } from "./availability-queries";
import { shouldRetry } from "./retry-policy";

/** Spec 9: services are fresh for 3 minutes, retried once, not refetched on window focus. */
const SERVICES_STALE_MS = 3 * 60_000;
const SERVICES_RETRIES = 1;

/**
 * The service catalogue, one definition for every screen that lists it (Services, the availability preview's
 * picker): a change on one shows on the other, with the same freshness rules whichever mounted first.
 */
export const serviceQueries = {
  all: () => ["services"] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: [...serviceQueries.all(), "list"] as const,
      queryFn: ({ signal }) => api.get("/services", "serviceList", { signal }),
      staleTime: SERVICES_STALE_MS,
      retry: (failureCount, error) => failureCount < SERVICES_RETRIES && shouldRetry(failureCount, error),
      refetchOnWindowFocus: false,
    }),
};

/**
 * What to fetch again once a service was saved, toggled or deleted: the catalogue, and the free times (the
 * availability preview's), which its duration, buffers and being offered decide.
 */
export const refreshAfterServiceChange = (queryClient: QueryClient) =>
  Promise.all(
    [serviceQueries.all(), availabilityQueries.allSlots()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
