import { AUDIT_PAGE_SIZE } from "@shared/audit.schema";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";

/** Fresh for a few seconds only: the log is opened to see a change just made. */
const AUDIT_STALE_MS = 5_000;

export const auditQueries = {
  all: () => ["audit"] as const,
  list: (api: ApiClient, page: number) =>
    queryOptions({
      queryKey: [...auditQueries.all(), "list", page] as const,
      queryFn: ({ signal }) =>
        api.get("/audit", "auditList", { query: { page, limit: AUDIT_PAGE_SIZE }, signal }),
      staleTime: AUDIT_STALE_MS,
      // Another page keeps the current entries on screen until its own arrive.
      placeholderData: keepPreviousData,
    }),
};
