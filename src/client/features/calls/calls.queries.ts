import { CALLS_PAGE_SIZE } from "@shared/calls.constants";
import type { CallStatus, CallSummary } from "@shared/calls.schema";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";
import { LIVE_REFRESH_MS } from "../../lib/live-refresh";

/** Spec 9: the list is fresh for 30 s. */
export const CALLS_STALE_MS = 30_000;

export type CallListParams = { page: number; status?: CallStatus; from?: string; to?: string };

export const hasLiveCall = (calls: readonly Pick<CallSummary, "status">[] | undefined) =>
  calls?.some((call) => call.status === "in-progress") ?? false;

/** Faster while something is live; otherwise again when the 30 s cache lifetime ends. */
const refreshEvery = (live: boolean) => (live ? LIVE_REFRESH_MS : CALLS_STALE_MS);

export const callQueries = {
  all: () => ["calls"] as const,
  lists: () => [...callQueries.all(), "list"] as const,
  list: (api: ApiClient, params: CallListParams) =>
    queryOptions({
      queryKey: [...callQueries.lists(), params] as const,
      queryFn: async ({ signal }) => {
        const query: Record<string, string | number> = { page: params.page, limit: CALLS_PAGE_SIZE };
        if (params.status) query.status = params.status;
        if (params.from) query.startDate = params.from;
        if (params.to) query.endDate = params.to;
        return api.get("/calls", "callList", { query, signal });
      },
      staleTime: CALLS_STALE_MS,
      refetchInterval: (query) => refreshEvery(hasLiveCall(query.state.data?.data)),
      // Another page or filter keeps the current rows on screen until its own arrive.
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: [...callQueries.all(), "detail", id] as const,
      queryFn: ({ signal }) => api.get(`/calls/${encodeURIComponent(id)}`, "callDetail", { signal }),
      staleTime: CALLS_STALE_MS,
      refetchInterval: (query) => refreshEvery(query.state.data?.status === "in-progress"),
    }),
};
