import {
  BOOKINGS_MAX_LIMIT,
  BOOKINGS_PAGE_SIZE,
  type BookingScope,
  type BookingStatus,
} from "@shared/booking.constants";
import type { Booking, BookingUpdate } from "@shared/booking.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";
import { shouldRetry } from "../../lib/retry-policy";

/** Spec 9: bookings are fresh for 3 minutes, retried once, not refetched on window focus. */
const BOOKINGS_STALE_MS = 3 * 60_000;
const BOOKINGS_RETRIES = 1;
/**
 * The assistant books callers while staff look at the screen, and nothing tells the page: it looks again this
 * often while it is visible (TanStack pauses intervals in a background tab), so a new booking appears without
 * a reload. Far shorter than the 3-minute lifetime, which only says when a revisit may reuse the cache.
 */
const BOOKINGS_REFRESH_MS = 20_000;

export type BookingListParams = {
  page: number;
  status?: BookingStatus | undefined;
  scope?: BookingScope | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit?: number | undefined;
};

const cachePolicy = {
  staleTime: BOOKINGS_STALE_MS,
  retry: (failureCount: number, error: unknown) =>
    failureCount < BOOKINGS_RETRIES && shouldRetry(failureCount, error),
  refetchOnWindowFocus: false,
} as const;

/**
 * Every booking query lives under "bookings": one invalidation after a change refreshes lists, details, counts
 * and the calendar.
 */
export const bookingQueries = {
  all: () => ["bookings"] as const,
  lists: () => [...bookingQueries.all(), "list"] as const,
  /** One page of the list, keyed by what the URL asks for (status, scope, page). */
  list: (api: ApiClient, params: BookingListParams) =>
    queryOptions({
      queryKey: [...bookingQueries.lists(), params] as const,
      queryFn: ({ signal }) => {
        const query: Record<string, string | number> = {
          page: params.page,
          limit: params.limit ?? BOOKINGS_PAGE_SIZE,
        };
        if (params.status) query.status = params.status;
        if (params.scope) query.scope = params.scope;
        if (params.from) query.from = params.from;
        if (params.to) query.to = params.to;
        return api.get("/bookings", "bookingList", { query, signal });
      },
      ...cachePolicy,
      refetchInterval: BOOKINGS_REFRESH_MS,
      // Another page or filter keeps the current rows on screen until its own arrive.
      placeholderData: keepPreviousData,
    }),
  /** One booking with its timeline and the call it came from. */
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), "detail", id] as const,
      queryFn: ({ signal }) => api.get(`/bookings/${encodeURIComponent(id)}`, "bookingDetail", { signal }),
      ...cachePolicy,
    }),
  /**
   * Every booking starting between two days of the business (both included), whatever its status: the
   * API's largest pages, as many as it takes.
   */
  calendar: (api: ApiClient, range: { from: CalendarDate; to: CalendarDate }) =>
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
      ...cachePolicy,
      // Like the list: the assistant books while staff look at the calendar.
      refetchInterval: BOOKINGS_REFRESH_MS,
      // The previous week or month stays on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
  /** The sidebar's count of bookings waiting for confirmation; follows the assistant like the list does. */
  counts: (api: ApiClient) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), "counts"] as const,
      queryFn: ({ signal }) => api.get("/bookings/counts", "bookingCounts", { signal }),
      ...cachePolicy,
      refetchInterval: BOOKINGS_REFRESH_MS,
    }),
  /** The bookings the owner deleted or moved in Google Calendar, waiting on staff's decision. */
  review: (api: ApiClient) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), "review"] as const,
      queryFn: ({ signal }) => api.get("/bookings/review", "bookingsToReview", { signal }),
      ...cachePolicy,
      refetchInterval: BOOKINGS_REFRESH_MS,
    }),
};

/**
 * PUT /api/bookings/:id (spec 7) against the version the screen showed: a booking changed since is refused
 * (409 BOOKING_CHANGED) instead of overwritten.
 */
export const updateBooking = (
  api: ApiClient,
  booking: Pick<Booking, "_id" | "version">,
  body: BookingUpdate,
) =>
  api.put(`/bookings/${encodeURIComponent(booking._id)}`, "booking", body, {
    headers: { "If-Match": `"${booking.version}"` },
  });
