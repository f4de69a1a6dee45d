import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../lib/api-client";
import type { PageKey } from "./page-chunks";

/** Starts one request into the signed-in area's query cache (nothing once the session is no longer signed in). */
type Prefetch = QueryClient["prefetchQuery"];
type PageDataContext = { api: ApiClient; prefetch: Prefetch; search: string };
type PageData = (context: PageDataContext) => Promise<unknown>;

/**
 * The first requests of each signed-in page, with the very query options the page reads them through: sent as
 * soon as the session is confirmed, while the page's code is still arriving or being run, instead of once the
 * page has rendered. The page's own query then finds them in flight or answered.
 */
const pageData: Partial<Record<PageKey, PageData>> = {
  dashboard: async ({ api, prefetch }) => {
    const { dashboardQueries } = await import("../features/dashboard/dashboard.queries");
    return prefetch(dashboardQueries.stats(api));
  },
  calls: async ({ api, prefetch, search }) => {
    const [{ callQueries }, { callsSearch }, { availabilityQueries }] = await Promise.all([
      import("../features/calls/calls.queries"),
      import("../features/calls/calls-search"),
      import("../lib/availability-queries"),
    ]);
    const { page, status, from, to } = callsSearch.parse(search);
    // The rows' times are shown on the business's clock (the availability answer carries its timezone).
    return Promise.all([
      prefetch(callQueries.list(api, { page, status, from, to })),
      prefetch(availabilityQueries.detail(api)),
    ]);
  },
  services: async ({ api, prefetch }) => {
    const [{ serviceQueries }, { companyQuery }] = await Promise.all([
      import("../lib/service-queries"),
      import("../lib/company-queries"),
    ]);
    // The table shows prices in the company's currency, and waits for it rather than show a wrong one.
    return Promise.all([prefetch(serviceQueries.list(api)), prefetch(companyQuery(api))]);
  },
  availability: async ({ api, prefetch }) => {
    const { availabilityQueries } = await import("../lib/availability-queries");
    return prefetch(availabilityQueries.detail(api));
  },
  bookings: async ({ api, prefetch, search }) => {
    const [{ bookingQueries }, { bookingsSearch, DEFAULT_BOOKING_SCOPE }, { availabilityQueries }] =
      await Promise.all([
        import("../features/bookings/bookings.queries"),
        import("../features/bookings/bookings-search"),
        import("../lib/availability-queries"),
      ]);
    // Both views show times in the business's timezone (the availability answer carries it); the calendar's
    // own range depends on that timezone's today, so only the list's page is asked for here, as its card does.
    const timezone = prefetch(availabilityQueries.detail(api));
    if (new URLSearchParams(search).get("view") === "calendar") return timezone;
    const { page, status, scope = DEFAULT_BOOKING_SCOPE } = bookingsSearch.parse(search);
    return Promise.all([timezone, prefetch(bookingQueries.list(api, { page, status, scope }))]);
  },
  // Every card's first read but the retention preview's, which is read afresh when its card shows: the cards then
  // render with their data, instead of asking for it once the company has arrived and the page has rendered.
  settings: async ({ api, prefetch }) => {
    const [
      { companyQuery },
      { telegramQueries },
      { assistantConnectionQueries },
      { assistantKeyQueries },
      { dataProtectionQueries },
    ] = await Promise.all([
      import("../lib/company-queries"),
      import("../features/telegram/telegram.queries"),
      import("../features/voice-platforms/voice-platforms.queries"),
      import("../features/assistant-keys/assistant-keys.queries"),
      import("../features/data-protection/data-protection.queries"),
    ]);
    return Promise.all([
      prefetch(companyQuery(api)),
      prefetch(telegramQueries.status(api)),
      prefetch(assistantConnectionQueries.list(api)),
      prefetch(assistantKeyQueries.list(api)),
      prefetch(dataProtectionQueries.settings(api)),
    ]);
  },
  // The desk shows times on the business's clock; it asks for nothing else before a search.
  privacyDesk: async ({ api, prefetch }) => {
    const { companyQuery } = await import("../lib/company-queries");
    return prefetch(companyQuery(api));
  },
  audit: async ({ api, prefetch, search }) => {
    const [{ auditQueries }, { auditSearch }, { companyQuery }] = await Promise.all([
      import("../features/audit/audit.queries"),
      import("../features/audit/audit-search"),
      import("../lib/company-queries"),
    ]);
    // Times show on the business's clock, which the company carries.
    return Promise.all([
      prefetch(auditQueries.list(api, auditSearch.parse(search).page)),
      prefetch(companyQuery(api)),
    ]);
  },
};

/**
 * Starts the requests the page of `key` makes first, and the shell's own (the sidebar's pending count, the
 * calendar status its banner reads), into the signed-in area's query cache — each only while the session is
 * signed in when its code has arrived: the cache was emptied as the area went (protected-area.tsx), and a
 * request sent with the last user's token while they sign out would fill it again for the next user.
 */
export async function prefetchPageData(
  key: PageKey,
  { api, search, signedIn }: Omit<PageDataContext, "prefetch"> & { signedIn: () => boolean },
): Promise<void> {
  const [{ queryClient }, { bookingQueries }, { calendarQueries }] = await Promise.all([
    import("../lib/query-client"),
    import("../features/bookings/bookings.queries"),
    import("../features/calendar/calendar.queries"),
  ]);
  const prefetch: Prefetch = (options) =>
    signedIn() ? queryClient.prefetchQuery(options) : Promise.resolve();
  await Promise.all([
    prefetch(bookingQueries.counts(api)),
    prefetch(calendarQueries.status(api)),
    pageData[key]?.({ api, prefetch, search }),
  ]);
}
