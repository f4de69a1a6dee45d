import { BOOKINGS_MAX_LIMIT } from "@shared/booking.constants";
import type { Booking } from "@shared/booking.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client";
import { BOOKINGS_REFRESH_MS, BOOKINGS_STALE_MS, bookingQueries } from "../bookings.queries";

export const calendarQueries = {
  /**
   * Every booking starting between two days of the business (both included), whatever its status: the
   * API's largest pages, as many as it takes. Under the list's "bookings" key, so every change refreshes it.
   */
  range: (api: ApiClient, range: { from: CalendarDate; to: CalendarDate }) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), "calendar", range] as const,
      queryFn: async ({ signal }) => {
        const bookings: Booking[] = [];
        for (let page = 1; ; page++) {
          const query = { scope: "all", from: range.from, to: range.to, limit: BOOKINGS_MAX_LIMIT, page };
          const result = await api.get("/bookings", "bookingList", { query, signal });
          bookings.push(...result.data);
          if (page >= result.totalPages || result.data.length === 0) return bookings;
        }
      },
      staleTime: BOOKINGS_STALE_MS,
      retry: 1,
      refetchOnWindowFocus: false,
      // Like the list: the assistant books while staff look at the calendar.
      refetchInterval: BOOKINGS_REFRESH_MS,
      // The previous week or month stays on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
};
