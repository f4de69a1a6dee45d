import { QueryClient } from "@tanstack/react-query";

/** Spec 9 defaults: 3 retries, backoff 1 s doubling to 30 s, 5-minute cache. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        staleTime: 5 * 60_000,
      },
    },
  });
}
