import { useCallback, useEffect, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import type { PagedSearch, SearchFilters, UrlSearch } from "./url-search";

/** A list's page and filters, read from and written to the URL (shareable, survives a reload). */
export function useUrlSearch<F extends SearchFilters>(definition: UrlSearch<F>) {
  const raw = useSearch();
  const [location, navigate] = useLocation();
  const search = useMemo(() => definition.parse(raw), [definition, raw]);

  // Values the list cannot use are dropped from the address bar too, without a history entry.
  useEffect(() => {
    const canonical = definition.stringify(search);
    if (location === definition.path && canonical !== new URLSearchParams(raw).toString()) {
      navigate(definition.href(search), { replace: true });
    }
  }, [definition, raw, search, location, navigate]);

  const setSearch = useCallback(
    (next: PagedSearch<F>, options?: { replace?: boolean }) => navigate(definition.href(next), options),
    [definition, navigate],
  );
  return [search, setSearch] as const;
}
