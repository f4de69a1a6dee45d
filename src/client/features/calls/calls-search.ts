import { isCalendarDate } from "@shared/calendar-date";
import { CALL_STATUSES, type CallStatus } from "@shared/calls.constants";

export const CALL_STATUS_FILTERS: readonly CallStatus[] = CALL_STATUSES;

const MAX_PAGE = 1_000_000;

/** The calls list as the URL holds it: /calls?status=missed&from=2026-11-01&to=2026-11-21&page=2 */
export type CallsSearch = { status?: CallStatus; from?: string; to?: string; page: number };

export const isCallStatus = (value: unknown): value is CallStatus =>
  (CALL_STATUSES as readonly unknown[]).includes(value);

/** Reads the list's filters and page from a search string; anything invalid falls back to its default. */
export function parseCallsSearch(search: string): CallsSearch {
  const params = new URLSearchParams(search);
  const status = params.get("status");
  const from = params.get("from");
  const to = params.get("to");
  const pageText = params.get("page") ?? "";
  const page = /^\d{1,7}$/.test(pageText) ? Number(pageText) : 1;
  const parsed: CallsSearch = { page: page >= 1 && page <= MAX_PAGE ? page : 1 };
  if (isCallStatus(status)) parsed.status = status;
  if (isCalendarDate(from)) parsed.from = from;
  // An end before the start cannot match anything: keep the start, drop the end.
  if (isCalendarDate(to) && !(parsed.from && to < parsed.from)) parsed.to = to;
  return parsed;
}

export function callsSearchString({ status, from, to, page }: CallsSearch): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

const withSearch = (path: string, search: CallsSearch) => {
  const query = callsSearchString(search);
  return query ? `${path}?${query}` : path;
};

export const callsListHref = (search: CallsSearch) => withSearch("/calls", search);

/** The detail keeps the list's filters in its URL, so its back link returns to the same page. */
export const callDetailHref = (id: string, search: CallsSearch = { page: 1 }) =>
  withSearch(`/calls/${encodeURIComponent(id)}`, search);

export const hasFilters = ({ status, from, to }: CallsSearch) => Boolean(status || from || to);
