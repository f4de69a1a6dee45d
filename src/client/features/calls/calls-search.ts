import { CALL_STATUSES, type CallStatus } from "@shared/calls.constants";
import { defineUrlSearch, isoDateParam, oneOfParam, type PagedSearch } from "../../lib/url-search";

export const CALL_STATUS_FILTERS: readonly CallStatus[] = CALL_STATUSES;

type CallFilterValues = { status?: CallStatus; from?: string; to?: string };

/** The calls list as the URL holds it: /calls?status=missed&from=2026-11-01&to=2026-11-21&page=2 */
export type CallsSearch = PagedSearch<CallFilterValues>;

export const callsSearch = defineUrlSearch<CallFilterValues>({
  path: "/calls",
  filters: { status: oneOfParam(CALL_STATUSES), from: isoDateParam, to: isoDateParam },
  // An end before the start cannot match anything: keep the start, drop the end.
  refine: ({ to, ...rest }) => (to && !(rest.from && to < rest.from) ? { ...rest, to } : rest),
});

/** The detail keeps the list's filters in its URL, so its back link returns to the same page. */
export const callDetailHref = (id: string, search: CallsSearch = { page: 1 }) =>
  callsSearch.href(search, `/calls/${encodeURIComponent(id)}`);
