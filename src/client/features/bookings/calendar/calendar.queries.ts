import { BOOKINGS_MAX_LIMIT } from "@shared/booking.constants";
import type { Booking } from "@shared/booking.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client";
import { responseSchema } from "../../../lib/response-check";

/** Spec 9: bookings are fresh for 3 minutes; the calendar also looks again every 30 s for the assistant's new ones. */
const BOOKINGS_STALE_MS = 3 * 60_000;
const CALENDAR_REFRESH_MS = 30_000;

export const calendarQueries = {
  /**
   * Every booking starting between two days of the business (both included), whatever its status: the
   * API's largest pages, as many as it takes. Under the list's "bookings" key, so every change refreshes it.
   */
  range: (api: ApiClient, range: { from: CalendarDate; to: CalendarDate }) =>
    queryOptions({
      queryKey: ["bookings", "calendar", range] as const,
      queryFn: async ({ signal }) => {
        const bookings: Booking[] = [];
        for (let page = 1; ; page++) {
          const query = { scope: "all", from: range.from, to: range.to, limit: BOOKINGS_MAX_LIMIT, page };
          const result = await api.get("/bookings", responseSchema("bookingList"), { query, signal });
          bookings.push(...result.data);
          if (page >= result.totalPages || result.data.length === 0) return bookings;
        }
      },
      staleTime: BOOKINGS_STALE_MS,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchInterval: CALENDAR_REFRESH_MS,
      // The previous week or month stays on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
  /** One booking with its timeline and call (the side panel). */
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: ["bookings", "detail", id] as const,
      queryFn: ({ signal }) =>
        api.get(`/bookings/${encodeURIComponent(id)}`, responseSchema("bookingDetail"), { signal }),
      staleTime: BOOKINGS_STALE_MS,
      retry: 1,
      refetchOnWindowFocus: false,
    }),
};
