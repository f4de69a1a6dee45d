import type { CallerErase, CallerSearch } from "@shared/caller-data.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";
import { fileNameOf, saveFile } from "../../lib/save-file";

export const PRIVACY_DESK_PATH = "/settings/privacy-desk";

/**
 * What the desk's search field holds, as the API names it: a phone number when it is made of what numbers
 * are written with (digits, spaces, + ( ) - .) and holds a digit, else a name.
 */
export function callerSearchOf(text: string): CallerSearch {
  const trimmed = text.trim();
  return /^[0-9+\s().-]+$/.test(trimmed) && /[0-9]/.test(trimmed) ? { phone: trimmed } : { name: trimmed };
}

export const privacyDeskQueries = {
  all: () => ["privacy-desk"] as const,
  /** Never kept once the page is left: the answer is one caller's personal data. */
  caller: (api: ApiClient, search: CallerSearch) =>
    queryOptions({
      queryKey: [...privacyDeskQueries.all(), "caller", search] as const,
      queryFn: ({ signal }) => api.get("/privacy/caller", "callerData", { query: search, signal }),
      gcTime: 0,
    }),
  receipt: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: [...privacyDeskQueries.all(), "receipt", id] as const,
      queryFn: ({ signal }) =>
        api.get(`/privacy/caller/receipts/${encodeURIComponent(id)}`, "erasureReceipt", { signal }),
    }),
};

/** The caller's data as a zip, saved by the browser under the server's name for it. */
export async function downloadCallerData(api: ApiClient, search: CallerSearch): Promise<void> {
  const { body, headers } = await api.download("/privacy/caller/export", { query: search });
  const zip = await new Response(body).blob();
  saveFile(zip, fileNameOf(headers.get("Content-Disposition"), "caller-data.zip"));
}

export const eraseCallerData = (api: ApiClient, erase: CallerErase) =>
  api.post("/privacy/caller/erase", "erasureReceipt", erase);
