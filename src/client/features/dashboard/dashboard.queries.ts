import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";
import { LIVE_REFRESH_MS } from "../../lib/live-refresh";

/** Like the calls list: fresh for 30 s, refetched then, and every 5 s while a recent call is live. */
const STALE_MS = 30_000;

export const dashboardQueries = {
  all: () => ["dashboard"] as const,
  stats: (api: ApiClient) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), "stats"] as const,
      queryFn: ({ signal }) => api.get("/dashboard/stats", "dashboardStats", { signal }),
      staleTime: STALE_MS,
      refetchInterval: (query) =>
        query.state.data?.recentCalls.some((call) => call.status === "in-progress")
          ? LIVE_REFRESH_MS
          : STALE_MS,
    }),
};
