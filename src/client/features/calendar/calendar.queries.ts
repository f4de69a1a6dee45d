import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";

/** Spec 7/9: the calendar status is fresh for 30 s. */
export const CALENDAR_STATUS_STALE_MS = 30_000;

export const calendarQueries = {
  all: () => ["calendar"] as const,
  /** Read by the Settings card and by the shell's banner of a broken connection (every signed-in page). */
  status: (api: ApiClient) =>
    queryOptions({
      queryKey: [...calendarQueries.all(), "status"] as const,
      queryFn: ({ signal }) => api.get("/calendar/status", "calendarStatus", { signal }),
      staleTime: CALENDAR_STATUS_STALE_MS,
    }),
};

/** Where the popup goes to ask Google for access (spec 7). */
export const fetchCalendarAuthUrl = (api: ApiClient) => api.get("/calendar/connect", "calendarConnect");

export const disconnectCalendar = (api: ApiClient) => api.post("/calendar/disconnect", "calendarStatus");

/** Beyond the spec: a full sync with Google now, rather than at the next scheduled check. */
export const resyncCalendar = (api: ApiClient) => api.post("/calendar/resync", "calendarResync");
