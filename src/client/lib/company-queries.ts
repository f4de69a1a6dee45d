import type { CompanyChangesInput } from "@shared/company.schema";
import { COMPANY_DEFAULTS } from "@shared/company-defaults";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";
import { useApi } from "./api-context";
import { shouldRetry } from "./retry-policy";

/** Spec 9: the company is fresh for 5 minutes, retried once, not refetched on window focus. */
const COMPANY_STALE_MS = 5 * 60_000;
const COMPANY_RETRIES = 1;

/** GET /api/company/me: the settings screen edits it; prices everywhere follow its currency. */
export const companyQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ["company", "me"] as const,
    queryFn: ({ signal }) => api.get("/company/me", "company", { signal }),
    staleTime: COMPANY_STALE_MS,
    retry: (failureCount, error) => failureCount < COMPANY_RETRIES && shouldRetry(failureCount, error),
    refetchOnWindowFocus: false,
  });

/**
 * The business's currency (ISO 4217) for showing prices; undefined while the company loads (a price never
 * flashes in the wrong currency), the default when it cannot be had rather than no prices at all.
 */
export function useCompanyCurrency(): string | undefined {
  const api = useApi();
  const currency = useQuery({ ...companyQuery(api), select: (company) => company.currency });
  return currency.data ?? (currency.isError ? COMPANY_DEFAULTS.currency : undefined);
}

/**
 * The business's timezone as the Settings screen has it (the company it already loads), for the dates its cards
 * show; the device's when the company cannot be had, undefined while it loads.
 */
export function useCompanyTimeZone(): string | undefined {
  const api = useApi();
  const zone = useQuery({ ...companyQuery(api), select: (company) => company.settings.timezone });
  return zone.data ?? (zone.isError ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined);
}

/** PUT /api/company/me (what is left out is kept): answers the company as saved. */
export const saveCompany = (api: ApiClient, changes: CompanyChangesInput) =>
  api.put("/company/me", "company", changes);
