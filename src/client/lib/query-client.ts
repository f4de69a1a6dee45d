import { QueryClient } from "@tanstack/react-query";
import { retryDelay, shouldRetry } from "./retry-policy";

/** Spec 9 defaults: the one retry policy (lib/retry-policy.ts), 5-minute cache. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 5 * 60_000,
      },
    },
  });
}

/**
 * The app's one query cache. Only the signed-in area reads it (protected-area.tsx provides it, page-data.ts
 * prefetches into it), so the sign-in page never loads query-core's code.
 */
export const queryClient = createQueryClient();
