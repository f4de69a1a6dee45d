import type { ServiceInput } from "@shared/service.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";
import { responseSchema } from "../../lib/response-check";
import { noData } from "../../lib/response-schema";
import { shouldRetry } from "../../lib/retry-policy";

/** Spec 9: services are fresh for 3 minutes, retried once, not refetched on window focus. */
export const SERVICES_STALE_MS = 3 * 60_000;
const SERVICES_RETRIES = 1;

export const serviceQueries = {
  all: () => ["services"] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: [...serviceQueries.all(), "list"] as const,
      queryFn: ({ signal }) => api.get("/services", responseSchema("serviceList"), { signal }),
      staleTime: SERVICES_STALE_MS,
      retry: (failureCount, error) => failureCount < SERVICES_RETRIES && shouldRetry(failureCount, error),
      refetchOnWindowFocus: false,
    }),
};

export const createService = (api: ApiClient, input: ServiceInput) =>
  api.post("/services", responseSchema("service"), input);

export const updateService = (api: ApiClient, id: string, input: ServiceInput) =>
  api.put(`/services/${encodeURIComponent(id)}`, responseSchema("service"), input);

export const deleteService = (api: ApiClient, id: string) =>
  api.delete(`/services/${encodeURIComponent(id)}`, noData);
