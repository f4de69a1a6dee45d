import type { CalendarDate } from "@shared/calendar-date";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";
import { addDays } from "./calendar-week";

/** As often as the bookings around them refresh: the assistant books, and Google is checked, meanwhile. */
const BUSY_REFRESH_MS = 20_000;

/**
 * The connected Google Calendar's busy times around two days of the business (a day more on each side,
 * whatever its offset: the bookings calendar draws only what falls in the days it shows); none without one.
 * Under the calendar's key ("calendar"): Settings' Resync now refreshes them with the status.
 */
export const calendarBusyQuery = (api: ApiClient, range: { from: CalendarDate; to: CalendarDate }) =>
  queryOptions({
    queryKey: ["calendar", "busy", range] as const,
    queryFn: ({ signal }) => {
      const query = { from: `${addDays(range.from, -1)}T00:00:00Z`, to: `${addDays(range.to, 2)}T00:00:00Z` };
      return api.get("/calendar/busy", "calendarBusy", { query, signal });
    },
    staleTime: BUSY_REFRESH_MS,
    refetchInterval: BUSY_REFRESH_MS,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
