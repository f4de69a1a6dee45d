import { useCallback, useEffect, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { type CallsSearch, callsListHref, callsSearchString, parseCallsSearch } from "./calls-search";

/** The list's filters and page, read from and written to the URL (shareable, survives a reload). */
export function useCallsSearch() {
  const raw = useSearch();
  const [location, navigate] = useLocation();
  const search = useMemo(() => parseCallsSearch(raw), [raw]);

  // Values the list cannot use are dropped from the address bar too, without a history entry.
  useEffect(() => {
    const canonical = callsSearchString(search);
    if (location === "/calls" && canonical !== new URLSearchParams(raw).toString()) {
      navigate(callsListHref(search), { replace: true });
    }
  }, [raw, search, location, navigate]);

  const setSearch = useCallback(
    (next: CallsSearch, options?: { replace?: boolean }) => navigate(callsListHref(next), options),
    [navigate],
  );
  return [search, setSearch] as const;
}
