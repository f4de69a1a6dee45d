import {
  BOOKING_SCOPES,
  BOOKING_STATUSES,
  type BookingScope,
  type BookingStatus,
} from "@shared/booking.constants";
import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { defineUrlSearch, oneOfParam, type PagedSearch } from "../../lib/url-search";

type BookingFilterValues = { status?: BookingStatus; scope?: BookingScope };

/** The list as the URL holds it: /bookings?status=pending&scope=past&page=2 (no scope: upcoming). */
export type BookingsSearch = PagedSearch<BookingFilterValues>;

export const DEFAULT_BOOKING_SCOPE: BookingScope = "upcoming";

export const bookingsSearch = defineUrlSearch<BookingFilterValues>({
  path: "/bookings",
  filters: { status: oneOfParam(BOOKING_STATUSES), scope: oneOfParam(BOOKING_SCOPES) },
  // The default scope is left out of the URL, like page 1.
  refine: ({ scope, ...rest }) => (scope && scope !== DEFAULT_BOOKING_SCOPE ? { ...rest, scope } : rest),
});

const LIST_KEYS = ["status", "scope", "page"] as const;

/**
 * The list's filters and page in the URL. Unlike lib/use-url-search.ts it leaves the other parameters of
 * /bookings alone (the calendar's view, span, date and open booking live beside them).
 */
export function useBookingsSearch() {
  const raw = useSearch();
  const [location, navigate] = useLocation();
  const search = useMemo(() => bookingsSearch.parse(raw), [raw]);
  const setSearch = useCallback(
    (next: BookingsSearch, options?: { replace?: boolean }) => {
      const params = new URLSearchParams(raw);
      for (const key of LIST_KEYS) params.delete(key);
      for (const [key, value] of new URLSearchParams(bookingsSearch.stringify(next))) params.set(key, value);
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, options);
    },
    [raw, location, navigate],
  );
  return [search, setSearch] as const;
}
