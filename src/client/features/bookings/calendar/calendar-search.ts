import { isCalendarDate } from "@shared/calendar-date";
import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { CALENDAR_SPANS, type CalendarSpan } from "./calendar-range";

/**
 * What the calendar shows, kept in the URL beside the list's own filters:
 * /bookings?view=calendar&span=month&date=2026-11-24&booking=<id>. `date` is a day of the shown day, week
 * or month (the business's today when absent); `booking` opens its panel, from the calendar or the list.
 */
export type CalendarSearch = {
  view: "list" | "calendar";
  span: CalendarSpan;
  date: string | undefined;
  booking: string | undefined;
};

const BOOKING_ID = /^[\w-]{1,100}$/;

export function parseCalendarSearch(search: string): CalendarSearch {
  const params = new URLSearchParams(search);
  const date = params.get("date");
  const booking = params.get("booking");
  return {
    view: params.get("view") === "calendar" ? "calendar" : "list",
    span: CALENDAR_SPANS.find((span) => span === params.get("span")) ?? "week",
    date: isCalendarDate(date) ? date : undefined,
    booking: booking && BOOKING_ID.test(booking) ? booking : undefined,
  };
}

/** The query string with `patch` applied; other parameters (the list's filters and page) are kept. */
export function patchSearch(search: string, patch: Partial<CalendarSearch>): string {
  const params = new URLSearchParams(search);
  const defaults: CalendarSearch = { view: "list", span: "week", date: undefined, booking: undefined };
  for (const [key, value] of Object.entries(patch) as [keyof CalendarSearch, string | undefined][]) {
    if (value === undefined || value === defaults[key]) params.delete(key);
    else params.set(key, value);
  }
  return params.toString();
}

/** The calendar's part of the URL, and a setter that changes only that part. */
export function useCalendarSearch() {
  const raw = useSearch();
  const [location, navigate] = useLocation();
  const search = useMemo(() => parseCalendarSearch(raw), [raw]);
  const setSearch = useCallback(
    (patch: Partial<CalendarSearch>, options?: { replace?: boolean }) => {
      const query = patchSearch(raw, patch);
      navigate(query ? `${location}?${query}` : location, options);
    },
    [raw, location, navigate],
  );
  return [search, setSearch] as const;
}
