import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

const MAX_RETRIES = 3;

/** A 4xx answer (other than timeout or throttling) will not change on retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  const status = error instanceof ApiError ? error.status : undefined;
  return !(status && status >= 400 && status < 500 && status !== 408 && status !== 429);
}

/** Spec 9 defaults: 3 retries, backoff 1 s doubling to 30 s, 5-minute cache. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        staleTime: 5 * 60_000,
      },
    },
  });
}
